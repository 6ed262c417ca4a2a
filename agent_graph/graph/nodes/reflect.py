"""reflect: rebuild the conversation-state block after tools ran (pure: no LLM, no I/O)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage, SystemMessage

from agent_graph.graph.state import AgentState
from agent_graph.llm.offline.reading import results_in

CONTEXT_BLOCK_ID = "propsearch-context-block"


def _listing_line(number: int, item: dict[str, Any]) -> str:
    facts = [
        f"${item['price']:,}" if isinstance(item.get("price"), int | float) else "price n/a",
        f"{item.get('beds', '?')} bd",
        f"{item.get('baths', '?')} ba",
    ]
    if item.get("sqft"):
        facts.append(f"{item['sqft']:,} sqft")
    return f"{number}. zpid {item.get('zpid')} - {item.get('address')} - {', '.join(facts)}"


def describe_state(messages: Sequence[BaseMessage]) -> str:
    """Current criteria, numbered last results and focused property, as the model should see them."""
    criteria: dict[str, Any] | None = None
    shown: list[dict[str, Any]] = []
    focused: dict[str, Any] | None = None
    saved: list[str] = []
    for result in results_in(messages):
        kind = result.get("type")
        if kind == "listings":
            criteria, shown = result.get("criteria") or {}, result.get("items") or []
        elif kind == "detail" and result.get("items"):
            focused = result["items"][0]
        elif kind == "memory_write":
            saved.append(f"[{result.get('entry_type')}] {result.get('key')}: {result.get('value')}")
    lines = []
    if criteria is not None:
        lines.append(f"Current search criteria: {json.dumps(criteria, sort_keys=True)}")
        lines.append("Last results, numbered as shown to the user (resolve 'the second one' here):")
        lines.extend(_listing_line(n, item) for n, item in enumerate(shown, 1))
        if not shown:
            lines.append("(no results)")
    if focused:
        lines.append(f"Focused property: zpid {focused.get('zpid')} - {focused.get('address')}")
    if saved:
        lines.append("Preferences saved in this conversation: " + "; ".join(saved))
    if not lines:
        return ""
    return "Conversation state:\n" + "\n".join(lines)


def context_block(messages: Sequence[BaseMessage]) -> SystemMessage | None:
    text = describe_state(messages)
    return SystemMessage(content=text, id=CONTEXT_BLOCK_ID) if text else None


def reflect(state: AgentState) -> dict[str, Any]:
    """Replace (same id) the previous block instead of appending another."""
    block = context_block(state.get("messages") or [])
    return {"messages": [block]} if block else {}
