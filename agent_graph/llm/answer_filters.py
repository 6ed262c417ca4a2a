"""What of a model's answer the user is shown: one home for the stored answer and the stream.

Two things in an answer are not meant for the user:

- **A tool call written as text.** Some models (small local ones especially) answer with the call
  itself instead of a real `tool_calls` entry: a JSON object `{"name": ..., "arguments": {...}}`,
  bare, in a ```json fence or in <tool_call> tags. When the whole answer is such a call (or a
  list of them) and every name is a tool the turn offers, it becomes that tool call
  (`as_tool_calls`); where no call can run any more it is no answer either (`is_call_text`).
- **An echo of the instructions.** Small models sometimes repeat a rule of their instructions
  ("Never invent facts…", "Current date: …"). A line whose text, ignoring case, spacing and list
  or emphasis markers, is a piece of the instruction text at least MIN_CHARS long restates it
  and is dropped (`without_echo`), unless nothing else would be left. Only the instruction
  sections count (identity, skill prompts, role), never the state block or memory.

The agent's after-steps rewrite the stored answer with these rules; `AnswerStream` applies the
very same rules to the streamed text (it shows, at any moment, the part of the answer so far that
the stored answer will hold whatever follows) and ends on the stored answer itself, so the two
never disagree.
"""

from __future__ import annotations

import functools
import json
import re
import uuid
from collections.abc import Collection, Mapping
from typing import Any

from langchain_core.messages import AIMessage, ToolCall

WORDS_ONLY_GRAMMAR = "root ::= [^`{<]+"
"""llama-server's GBNF grammar for an answer that must be in words: without `{`, `<` or a
backtick no call can be written as text. Offered the tools but told `tool_choice: none`, the
1.5B local model still wrote a search as a JSON fence; under this grammar it explained."""

MIN_CHARS = 24
INSTRUCTION_SECTIONS = ("identity", "system", "role")
"""Sections of hydrate's `context` that are instructions rather than data."""

_WRAPPERS = re.compile(
    r"^\s*(?:```(?:json)?\s*(?P<fenced>.*?)\s*```|<tool_call>\s*(?P<tagged>.*?)\s*</tool_call>)\s*$",
    re.DOTALL,
)
_OPENINGS = ("{", "[{", "```json", "```\n{", "```{", "<tool_call>")
_MARKERS = re.compile(r"^[\s>#*+`-]*(?:\d+[.)]\s+)?")
_MARKER_SO_FAR = re.compile(r"[\s>#*+`-]*\d+[.)]?")
"""The start of a line that may still turn into a numbered list marker (`12` before `12. `)."""


def written_calls(text: str, offered: Collection[str]) -> list[ToolCall] | None:
    """The calls `text` wholly is, written as text, when every one names an offered tool."""
    wrapped = _WRAPPERS.match(text)
    body = (wrapped.group("fenced") or wrapped.group("tagged") or "") if wrapped else text
    try:
        parsed = json.loads(body)
    except ValueError:
        return None
    items = parsed if isinstance(parsed, list) else [parsed]
    calls = [_call(item, offered) for item in items]
    if not calls or any(call is None for call in calls):
        return None
    return [call for call in calls if call is not None]


def _call(item: Any, offered: Collection[str]) -> ToolCall | None:
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
    return ToolCall(name=name, args=args, id=f"call_{uuid.uuid4().hex[:12]}")


def as_tool_calls(response: Any, offered: Collection[str]) -> Any:
    """`response` with a tool call written as its whole text turned into a real one."""
    if not isinstance(response, AIMessage) or response.tool_calls:
        return response
    if not isinstance(response.content, str) or not response.content.strip():
        return response
    calls = written_calls(response.content, offered)
    if calls is None:
        return response
    return response.model_copy(update={"content": "", "tool_calls": calls})


def is_call_text(content: Any, offered: Collection[str]) -> bool:
    """Whether `content` is wholly a call of an offered tool written as text."""
    return isinstance(content, str) and written_calls(content, offered) is not None


def could_open_a_call(text: str) -> bool:
    """Whether answer text, so far, could still be the start of a call written as text."""
    head = text.lstrip()
    return any(head.startswith(o) or o.startswith(head) for o in _OPENINGS)


def _norm(line: str) -> str:
    text = _MARKERS.sub("", line).replace("*", "").replace("`", "")
    return " ".join(text.lower().split())


def instruction_text(context: Mapping[str, object]) -> str:
    """The instruction sections of hydrate's `context`, normalised into one searchable string."""
    return _normalised(tuple(str(context.get(name) or "") for name in INSTRUCTION_SECTIONS))


@functools.lru_cache(maxsize=16)
def _normalised(sections: tuple[str, ...]) -> str:
    """Kept: the instructions change with the skills and the role, not from call to call."""
    lines = (line for text in sections for line in text.splitlines())
    return " ".join(n for n in map(_norm, lines) if n)


@functools.lru_cache(maxsize=1024)
def is_echo(line: str, corpus: str) -> bool:
    """Whether a whole line restates the instructions (kept: the stream asks again per token)."""
    text = _norm(line)
    return bool(corpus) and len(text) >= MIN_CHARS and text in corpus


def could_be_echo(partial: str, corpus: str) -> bool:
    """Whether a line begun so far could still turn out to restate the instructions."""
    return bool(corpus) and (_norm(partial) in corpus or bool(_MARKER_SO_FAR.fullmatch(partial)))


def without_echo(answer: str, corpus: str) -> str:
    """`answer` without its lines that restate the instructions and without surrounding blank
    lines; unchanged if no line of words would be left (an answer is never emptied)."""
    kept = [line for line in answer.splitlines(keepends=True) if not is_echo(line, corpus)]
    if not any(line.strip() for line in kept):
        return answer
    return "".join(kept).strip("\n")


def decided_text(received: str, corpus: str) -> str:
    """The part of an answer received so far that the stored answer holds whatever follows:
    nothing while it could be a call written as text or has no line of words yet, and never
    a last line that could still restate the instructions."""
    if could_open_a_call(received):
        return ""
    lines = received.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")) and could_be_echo(lines[-1], corpus):
        lines.pop()
    if not any(line.strip() and not is_echo(line, corpus) for line in lines):
        return ""
    return without_echo("".join(lines), corpus)


def _breaks_a_line(text: str) -> bool:
    return "".join(text.splitlines()) != text


class AnswerStream:
    """One agent message's streamed text in; out, what the user may see of it now.

    `feed` passes on what `decided_text` says is settled; `end` takes the message the agent
    stored (after its after-steps) and passes on the rest of it: nothing for a call, the
    rewritten text where the agent replaced held text, the held lines of an answer that is all
    echo. Streamed text is always a start of the stored answer, so the two end equal."""

    def __init__(self, corpus: str = "") -> None:
        self.corpus = corpus
        """The instructions (`instruction_text`), known once hydrate has run."""
        self._received = ""
        self._shown = ""
        self._line_shown = False
        """The line being received is shown as it comes (it can no longer be an echo)."""

    def feed(self, text: str) -> str:
        self._received += text
        if self._line_shown and not _breaks_a_line(text):
            return self._show(self._shown + text)  # the same line goes on: no need to judge
        rest = self._show(decided_text(self._received, self.corpus))
        line = (self._received.splitlines(keepends=True) or [""])[-1]
        self._line_shown = bool(self._shown) and not (
            _breaks_a_line(line)
            or could_be_echo(line, self.corpus)
            or could_open_a_call(self._received)
        )
        return rest

    def end(self, final: Any = None) -> str:
        """The rest of the stored answer `final` (None: the stream stopped before the agent
        stored one; the text received, filtered, then); a new message starts after."""
        if final is None:
            stored = without_echo(self._received, self.corpus)
        else:
            stored = final.content if isinstance(final.content, str) else self._shown
        rest = self._show(stored)
        self._received = self._shown = ""
        self._line_shown = False
        return rest

    def _show(self, text: str) -> str:
        if not text.startswith(self._shown):
            return ""  # never taken back: what was shown stays (see decided_text)
        rest, self._shown = text[len(self._shown) :], text
        return rest
