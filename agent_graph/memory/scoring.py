"""How useful a tool result is to remember (1–5), and the compact summary stored in L3.

Only results of tools whose skill marks them `"remember": true` (tool metadata) are scored
for keeping; the summary is generic: the call, a count, and the first few items' short fields.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage

MAX_SUMMARY_CHARS: Final = 400
TOP_ITEMS: Final = 2
"""Items a list's summary names: recall shows up to three summaries on every turn, and a small
local model reads each line at ~30 tokens/s (three items made a line ~110 tokens)."""
TOP_MARK: Final = "; top: "
ITEM_SEPARATOR: Final = "; "
ITEM_FIELDS: Final = 6
"""Fields an item shows (the first short ones): eight added build years and lot sizes."""
FIELD_CHARS: Final = 80
SCORE_PROMPT: Final = (
    "You rate how useful a tool result is to remember for future conversations with this user. "
    "1 = useless (error, empty), 3 = somewhat useful, 5 = very useful (concrete results or "
    "facts the user cares about). Answer with a single digit 1-5."
)
_ERROR_WORDS: Final = re.compile(r"^\s*(error|failed|not found|no results|unknown tool)\b", re.I)
_LIST_KEYS: Final = ("items", "results")
_SKIPPED_KEY: Final = re.compile(
    r"(?:id|url|uri|href)s?$|(?:^|_)(?:photo|image|description)s?$"
    r"|(?:^|_)(?:lat|lng|lon|latitude|longitude)$",
    re.I,
)
"""Identifiers, links, long text and coordinates: noise for recall by similarity."""
_DIGIT: Final = re.compile(r"\b([1-5])\b")


def score_result(result: Mapping[str, Any] | str | None, is_error: bool, remember: bool) -> int:
    """Deterministic usefulness score: errors and empty results 1, memory writes 2 (already in
    L1), results of tools not marked `remember` 2, plain text 3, remembered results 4."""
    if is_error or result is None:
        return 1
    if isinstance(result, str):
        if not result.strip() or _ERROR_WORDS.match(result):
            return 1
        return 3 if remember else 2
    if not result or result.get("error"):
        return 1
    if result.get("type") == "memory_write" or not remember:
        return 2
    items = _items(result)
    return 1 if items is not None and not items else 4


def summarize_result(tool_name: str, args: Mapping[str, Any], result: Any) -> str:
    """A one-line summary of a tool call and its outcome (never the raw output), e.g.
    ``find_books {author: Le Guin}: 14 matches; top: title: The Dispossessed, year: 1974``."""
    head = f"{tool_name} {_format_args(args)}"
    return _clip(f"{head}: {_outcome(result)}")


async def score_with_llm(
    model: BaseChatModel,
    tool_name: str,
    summary: str,
    fallback: int | None = None,
    timeout_s: float = 20.0,
) -> int:
    """Ask the model for a 1–5 score; any failure or unparsable answer gives ``fallback``
    (default: the deterministic score of the summary text)."""
    default = fallback if fallback is not None else score_result(summary, False, True)
    messages = [
        SystemMessage(SCORE_PROMPT),
        HumanMessage(f"Tool: {tool_name}\nResult summary: {summary}\nScore:"),
    ]
    try:
        answer = await asyncio.wait_for(model.ainvoke(messages), timeout=timeout_s)
        scores = set(_DIGIT.findall(answer.text))
    except Exception:
        return default
    # Exactly one score named: "4" or "Score: 4". "4 out of 5" or "on a 1-5 scale, 3" is ambiguous.
    return int(scores.pop()) if len(scores) == 1 else default


def _items(result: Mapping[str, Any]) -> list[Any] | None:
    for key in _LIST_KEYS:
        value = result.get(key)
        if isinstance(value, list):
            return value
    return None


def _format_args(args: Mapping[str, Any]) -> str:
    shown = [f"{k}: {_scalar(v)}" for k, v in args.items() if v not in (None, "", [], {})]
    return "{" + ", ".join(shown) + "}"


def _scalar(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return json.dumps(value, default=str, sort_keys=True)
    return str(value)


def _outcome(result: Any) -> str:
    if result is None:
        return "no result"
    if isinstance(result, str):
        text = " ".join(result.split())
        return text or "empty result"
    if isinstance(result, Mapping):
        if result.get("error"):
            return f"error: {_scalar(result['error'])}"
        if result.get("type") == "memory_write":
            return f"saved [{result.get('entry_type')}] {result.get('key')}: {result.get('value')}"
        items = _items(result)
        if items is not None:
            return _list_outcome(result, items)
        return _describe_item(result) or "empty result"
    if isinstance(result, Sequence):
        return f"{len(result)} items"
    return str(result)


def _list_outcome(result: Mapping[str, Any], items: list[Any]) -> str:
    if not items:
        return "0 matches"
    total = result.get("total", len(items))
    noun = "match" if total == 1 else "matches"
    shown = [_describe_item(i) if isinstance(i, Mapping) else _scalar(i) for i in items]
    top = ITEM_SEPARATOR.join(s for s in shown[:TOP_ITEMS] if s)
    return f"{total} {noun}{TOP_MARK}{top}" if top else f"{total} {noun}"


def with_top_items(summary: str, items: int) -> str:
    """A stored summary naming only its first `items` top items (a model that reads each
    recalled line on every new session: ModelProfile.recalled_top_items)."""
    head, mark, top = summary.partition(TOP_MARK)
    if not mark:
        return summary
    return head + mark + ITEM_SEPARATOR.join(top.split(ITEM_SEPARATOR)[:items])


def _describe_item(item: Mapping[str, Any]) -> str:
    """The item's short scalar fields as `key: value` (ids, links and long text left out, and
    text a field before it already holds: a city or ZIP code inside the address)."""
    parts: list[str] = []
    said: list[str] = []
    for key, value in item.items():
        if key == "type" or _SKIPPED_KEY.search(str(key)) or value in (None, "", [], {}):
            continue
        if isinstance(value, str) and any(value.lower() in earlier for earlier in said):
            continue
        if isinstance(value, bool | int | float) or (
            isinstance(value, str) and len(value) <= FIELD_CHARS
        ):
            parts.append(f"{key}: {value}")
            said.append(str(value).lower())
        if len(parts) == ITEM_FIELDS:
            break
    return ", ".join(parts)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_SUMMARY_CHARS else text[: MAX_SUMMARY_CHARS - 1] + "…"
