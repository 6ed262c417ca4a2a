"""How useful a tool result is to remember (1–5), and the compact summary stored in L3.

Result shapes follow docs/protocol.md: ``{"type": "listings", "items", "total"}``,
``{"type": "detail", "items": [listing]}``, ``{"type": "memory_write", ...}``.
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
TOP_ITEMS: Final = 3
SCORE_PROMPT: Final = (
    "You rate how useful a tool result is to remember for future conversations with this user "
    "about their home search. 1 = useless (error, empty), 3 = somewhat useful, 5 = very useful "
    "(concrete listings or facts the user cares about). Answer with a single digit 1-5."
)
_ERROR_WORDS: Final = re.compile(r"^\s*(error|failed|not found|no results|unknown tool)\b", re.I)
_LIST_KEYS: Final = ("items", "listings", "results", "properties", "homes")
_DIGIT: Final = re.compile(r"\b([1-5])\b")


def score_result(tool_name: str, result: Mapping[str, Any] | str | None, is_error: bool) -> int:
    """Deterministic usefulness score: errors and empty results 1, memory writes 2 (already in
    L1), plain text 3, listings and property details 4."""
    if is_error or result is None:
        return 1
    if isinstance(result, str):
        return 1 if not result.strip() or _ERROR_WORDS.match(result) else 3
    if not result or result.get("error"):
        return 1
    kind = result.get("type")
    if kind == "memory_write" or tool_name.startswith(("save_", "remember", "forget")):
        return 2
    items = _items(result)
    if items is not None:
        return 4 if items else 1
    if kind == "detail" or "zpid" in result or "address" in result:
        return 4
    return 3


def summarize_result(tool_name: str, args: Mapping[str, Any], result: Any) -> str:
    """A one-line summary of a tool call and its outcome (never the raw output), e.g.
    ``search_properties {location: Austin, beds_min: 3}: 14 matches; top: 2306 Shoal Creek …``."""
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
    default = fallback if fallback is not None else score_result(tool_name, summary, False)
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
            return _listing_outcome(result, items)
        if "zpid" in result or "address" in result:
            return _describe_listing(result)
        return ", ".join(f"{k}: {_scalar(v)}" for k, v in result.items()) or "empty result"
    if isinstance(result, Sequence):
        return f"{len(result)} items"
    return str(result)


def _listing_outcome(result: Mapping[str, Any], items: list[Any]) -> str:
    listings = [item for item in items if isinstance(item, Mapping)]
    if result.get("type") == "detail" and listings:
        return "detail: " + _describe_listing(listings[0])
    total = result.get("total", len(items))
    if not items:
        return "0 matches"
    noun = "match" if total == 1 else "matches"
    top = "; ".join(_describe_listing(item) for item in listings[:TOP_ITEMS])
    return f"{total} {noun}; top: {top}" if top else f"{total} {noun}"


def _describe_listing(item: Mapping[str, Any]) -> str:
    parts = [str(item.get("address") or f"zpid {item.get('zpid', '?')}")]
    if isinstance(item.get("price"), int | float):
        parts.append(f"${item['price']:,.0f}")
    beds, baths = item.get("beds"), item.get("baths")
    if beds is not None:
        parts.append(f"{beds}bd" + (f"/{baths:g}ba" if isinstance(baths, int | float) else ""))
    if isinstance(item.get("sqft"), int | float):
        parts.append(f"{item['sqft']:,.0f} sqft")
    for key, label in (("property_type", ""), ("year_built", "built ")):
        if item.get(key):
            parts.append(f"{label}{item[key]}")
    return " ".join(parts)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_SUMMARY_CHARS else text[: MAX_SUMMARY_CHARS - 1] + "…"
