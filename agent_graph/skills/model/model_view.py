"""How a tool's result enters the model's context: the compact view its skill declares.

A tool's metadata may carry `for_model: {"rows": <key of a list of records>, "columns": [...],
"fields": [...]}`: the model then reads the named top-level fields and a numbered table of the
records' columns (a few hundred tokens for ten search results, where their JSON is nearly two
thousand) instead of the result's JSON. The UI still gets the whole result as `data`; the
graph keeps it as the tool message's artifact for the planners and the state block.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

CELL_CHARS = 400
"""A longer cell (a long description) is cut here with an ellipsis."""


@dataclass(frozen=True)
class ModelView:
    rows: str = ""
    columns: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()

    def render(self, result: Any) -> str | None:
        """The compact text, or None (the model reads JSON) when the result has no such rows."""
        if not self.columns or not isinstance(result, dict):
            return None
        records = result.get(self.rows)
        if not isinstance(records, list):
            return None
        records = [r for r in records if isinstance(r, dict)]
        # A column no record fills (distances without a landmark) is left out.
        columns = [c for c in self.columns if any(_shown(r.get(c)) for r in records)]
        lines = [f"{k}: {cell(result[k])}" for k in self.fields if _shown(result.get(k))]
        lines.append(" | ".join(("#", *columns)))
        for number, record in enumerate(records, 1):
            lines.append(" | ".join((str(number), *(cell(record.get(c)) for c in columns))))
        return "\n".join(lines)

    def markdown(self, result: Any, limit: int = 10) -> str | None:
        """The records' columns as a Markdown table for chat clients (the OpenAI-compatible
        API), with a link to each record's `url` when it has one; None without such rows."""
        if not self.columns or not isinstance(result, dict):
            return None
        records = [r for r in result.get(self.rows) or [] if isinstance(r, dict)][:limit]
        if not records:
            return None
        columns = [c for c in self.columns if any(_shown(r.get(c)) for r in records)][:MD_COLUMNS]
        linked = any(_link(r) for r in records)
        header = ["#", *(c.replace("_", " ") for c in columns), *(["link"] if linked else [])]
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        for number, record in enumerate(records, 1):
            cells = [str(number), *(_md(cell(record.get(c))) for c in columns)]
            if linked:
                cells.append(f"[open]({_link(record)})" if _link(record) else "")
            lines.append("| " + " | ".join(cells) + " |")
        return "\n".join(lines)


MD_COLUMNS = 7
"""A chat client's table shows at most this many of the declared columns (the first ones)."""


def _link(record: dict[str, Any]) -> str:
    url = record.get("url")
    return url if isinstance(url, str) and url.startswith(("https://", "http://")) else ""


def _md(text: str) -> str:
    """A cell safe inside a Markdown table row (no pipes, no brackets that start a link)."""
    return text.replace("[", "(").replace("]", ")")


def _shown(value: Any) -> bool:
    return value not in (None, "", [], {})


def cell(value: Any) -> str:
    """One value on one line: lists joined with commas, objects as `key=value` pairs."""
    if value is None:
        return ""
    if isinstance(value, list):
        text = ", ".join(cell(v) for v in value)
    elif isinstance(value, dict):
        text = ", ".join(f"{k}={cell(v)}" for k, v in value.items() if _shown(v))
    elif isinstance(value, float) and value.is_integer():
        text = str(int(value))
    elif isinstance(value, str):
        text = value
    else:
        text = json.dumps(value)
    text = " ".join(text.split()).replace("|", "/")
    return text if len(text) <= CELL_CHARS else text[: CELL_CHARS - 1] + "…"


def read_view(tool: str, raw: Any) -> ModelView:
    """`for_model` as a ModelView; anything malformed means the model reads JSON (logged)."""
    if raw is None:
        return ModelView()
    names = {
        key: raw.get(key) if isinstance(raw, dict) else None for key in ModelView.__annotations__
    }
    rows, columns, fields = names["rows"], names["columns"], names["fields"] or []
    if not (isinstance(rows, str) and _strings(columns) and columns and _strings(fields)):
        log.warning("tool %s: malformed for_model ignored; the model reads the JSON", tool)
        return ModelView()
    return ModelView(rows, tuple(columns), tuple(fields))


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and v for v in value)
