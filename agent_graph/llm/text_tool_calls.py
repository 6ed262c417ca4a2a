"""Tool calls written as text: taken as the tool calls they are meant to be.

Some models (small local ones especially) sometimes answer with the call itself as text instead
of a real `tool_calls` entry: a JSON object `{"name": ..., "arguments": {...}}`, bare, in a
```json fence or in <tool_call> tags. When the whole answer is such a call (or a list of them)
and every name is a tool the turn offers, it becomes that tool call; anything else is an answer.
Where no call can run any more (a repeat, the round cap), such text is no answer either and the
agent says so instead.

The user must not see the JSON stream past either: `HeldCallText` holds streamed text back
while the answer so far could still be such a call, and lets it go once it cannot be, or when
the model's message turns out not to be a call after all.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Collection
from typing import Any

from langchain_core.messages import AIMessage, ToolCall

WORDS_ONLY_GRAMMAR = "root ::= [^`{<]+"
"""llama-server's GBNF grammar for an answer that must be in words: without `{`, `<` or a
backtick no call can be written as text. Offered the tools but told `tool_choice: none`, the
1.5B local model still wrote a search as a JSON fence; under this grammar it explained."""

_WRAPPERS = re.compile(
    r"^\s*(?:```(?:json)?\s*(?P<fenced>.*?)\s*```|<tool_call>\s*(?P<tagged>.*?)\s*</tool_call>)\s*$",
    re.DOTALL,
)
_OPENINGS = ("{", "[{", "```json", "```\n{", "```{", "<tool_call>")


def _calls(text: str, offered: Collection[str]) -> list[ToolCall] | None:
    wrapped = _WRAPPERS.match(text)
    body = (wrapped.group("fenced") or wrapped.group("tagged") or "") if wrapped else text
    try:
        parsed = json.loads(body)
    except ValueError:
        return None
    items = parsed if isinstance(parsed, list) else [parsed]
    calls: list[ToolCall] = []
    for item in items:
        if not isinstance(item, dict) or set(item) - {"name", "arguments", "parameters"}:
            return None
        name, args = item.get("name"), item.get("arguments", item.get("parameters", {}))
        if isinstance(args, str):
            try:
                args = json.loads(args)
            except ValueError:
                return None
        if not isinstance(name, str) or name not in offered or not isinstance(args, dict):
            return None
        calls.append(ToolCall(name=name, args=args, id=f"call_{uuid.uuid4().hex[:12]}"))
    return calls or None


def as_tool_calls(response: Any, offered: Collection[str]) -> Any:
    """`response` with a tool call written as its whole text turned into a real one."""
    if not isinstance(response, AIMessage) or response.tool_calls:
        return response
    if not isinstance(response.content, str) or not response.content.strip():
        return response
    calls = _calls(response.content, offered)
    if calls is None:
        return response
    return response.model_copy(update={"content": "", "tool_calls": calls})


def is_call_text(content: Any, offered: Collection[str]) -> bool:
    """Whether `content` is wholly a call of an offered tool written as text."""
    return isinstance(content, str) and _calls(content, offered) is not None


def could_open_a_call(text: str) -> bool:
    """Whether streamed answer text, so far, could still be the start of a call written as text."""
    head = text.lstrip()
    return any(head.startswith(o) or o.startswith(head) for o in _OPENINGS)


class HeldCallText:
    """Streamed answer text, held back while it could be a tool call written as text.

    `feed` returns what may be shown now; `end` gets the agent's final message and returns what
    to show in place of the held text: nothing for a call, the final text if the agent rewrote
    it, else the held text."""

    def __init__(self) -> None:
        self._held = ""
        self._passing = False

    def feed(self, text: str) -> str:
        if self._passing:
            return text
        self._held += text
        if not self._held.strip() or could_open_a_call(self._held):
            return ""
        self._passing = True
        out, self._held = self._held, ""
        return out

    def end(self, final: Any = None) -> str:
        held, self._held, self._passing = self._held, "", False
        if not held or final is None:
            return held
        if getattr(final, "tool_calls", None):
            return ""
        text = final.content if isinstance(final.content, str) else held
        return held if text.strip() == held.strip() else text
