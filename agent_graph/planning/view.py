"""The planners' view of a turn (docs/protocol.md, "Skill planners"), built from the state: the
user's message and the tools' results from the messages, the L1 entries and the time zone as
data (`Facts`), never read back from the prompt's text.

Each skill's planner sees what is its own (docs/skill-isolation.md, "What a planner sees"): the
results of its own tools (and of the kinds of results its SKILL.md `planner_reads` names), its
own entries (and the user's preferences of the keys `planner_reads` names as
`preference:<key>`), and the message only on a turn that offers its tools and whose message is about
them (`Facts.heard`, chosen by relevance whatever the model is offered: graph/tool_offer.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from langchain_core.messages import BaseMessage

from agent_graph.planning.reading import Reading, read, tool_results
from agent_graph.skills.model.manifest import PREFERENCE

Entry = Mapping[str, str]
"""One L1 entry: `{"entry_type", "key", "value"}`."""


def _kept(entries: Iterable[Entry]) -> dict[str, str]:
    return {str(e["key"]): str(e["value"]) for e in entries}


@dataclass(frozen=True)
class Facts:
    """What the state holds for the planners besides the messages, as data."""

    timezone: str = "UTC"
    """The user's time zone (`Context.timezone`)."""
    entries: Mapping[str, Sequence[Entry]] = field(default_factory=dict)
    """The user's L1 entries by the skill that wrote them (`AgentState.remembered`)."""
    owners: Mapping[str, str] = field(default_factory=dict)
    """The skill of each tool."""
    heard: frozenset[str] = frozenset()
    """The skills whose planners may read this turn's message (graph/tool_offer.py): a planner
    of any other skill is not asked to plan, refuse or check, and reads no message."""
    opening_alerts: tuple[str, ...] = ()
    """The titles of the unseen alerts this new conversation opened with (mentioned first)."""
    alerted: tuple[Mapping[str, Any], ...] = ()
    """The alerts the session opened with, on every turn of it: each skill's planner reads
    its own (the turn's `alerts`)."""
    plan: Mapping[str, Any] | None = None
    """The planners' plan for this turn's message once made (`AgentState.plan`; {} when none
    plans); None until the turn's first model call has made it."""
    shown_before: tuple[tuple[str, dict[str, Any]], ...] = ()
    """The last structured result of each tool from the exchanges the prompt no longer
    replays (`AgentState.shown_before`), oldest first: still on the person's screen, so the
    planners read them before the replayed ones (a search six questions back is still "the
    results")."""

    def opening(self, answer: str) -> str:
        """The answer, after a sentence that names the alerts the conversation opened with (a
        model reads a note asking for it; the planners' answers get it here)."""
        if not self.opening_alerts:
            return answer
        titles = "; ".join(title.rstrip(". ") for title in self.opening_alerts)
        return f"Since your last visit: {titles}.\n\n{answer}"


@dataclass(frozen=True)
class TurnView:
    """One turn as the planners may see it; `for_plan`, `for_answer` and `for_check` cut out
    one skill's part (None: that skill's planner is not asked)."""

    text: str
    tools: tuple[str, ...]
    """The tools offered (bound) now."""
    earlier: tuple[tuple[str, dict[str, Any]], ...]
    """Earlier turns' structured results, oldest first, each with its tool."""
    outcomes: tuple[dict[str, Any], ...]
    """This turn's outcomes `{"tool", "ok", "result" | "error"}`."""
    facts: Facts = Facts()
    call: dict[str, Any] | None = None
    """The call a `check` is asked about."""

    def with_call(self, name: str, args: dict[str, Any]) -> TurnView:
        return replace(self, call={"name": name, "args": args})

    def mine(self, skill: str) -> frozenset[str]:
        return owned(self.facts.owners, skill)

    def _seen(self, skill: str, reads: frozenset[str]) -> dict[str, Any]:
        mine = self.mine(skill)
        earlier = readable(self.earlier, mine, reads)
        entries = self.facts.entries.get(skill) or ()
        heard = skill in self.facts.heard
        return {
            "text": self.text if heard else "",
            "timezone": self.facts.timezone,
            "tools": sorted(t for t in self.tools if t in mine) if heard else [],
            "earlier": earlier,
            "outcomes": [o for o in self.outcomes if o["tool"] in mine],
            "preferences": {**self._granted(skill, reads), **_kept(entries)},
            "alerts": [
                {"kind": a.get("kind"), "title": a.get("title"), "items": a.get("items") or []}
                for a in self.facts.alerted
                if a.get("skill") == skill
            ],
        }

    def _granted(self, skill: str, reads: frozenset[str]) -> dict[str, str]:
        """Other skills' preferences of the keys `reads` names (`preference:<key>`)."""
        keys = {r.removeprefix(PREFERENCE) for r in reads if r.startswith(PREFERENCE)}
        return _kept(
            e
            for other, entries in self.facts.entries.items()
            if other != skill
            for e in entries
            if e.get("entry_type") == "PREFERENCE" and e.get("key") in keys
        )

    def for_plan(self, skill: str, reads: frozenset[str]) -> dict[str, Any] | None:
        """`plan`'s turn: asked only when the turn offers one of the skill's tools and the
        skill hears its message."""
        seen = self._seen(skill, reads)
        return seen if seen["tools"] else None

    def for_answer(self, skill: str, reads: frozenset[str]) -> dict[str, Any] | None:
        """`answer`'s turn: asked only when one of the skill's tools ran this turn (with the
        message only when the skill hears it)."""
        seen = self._seen(skill, reads)
        return seen if seen["outcomes"] else None

    def for_check(self, skill: str, reads: frozenset[str]) -> dict[str, Any] | None:
        """`check`'s turn: asked only of the skill whose tool is called (with the message's
        intents added as for `plan`: Planners.corrections)."""
        if self.call is None or self.facts.owners.get(self.call["name"]) != skill:
            return None
        seen = self._seen(skill, reads)
        this_turn = [o["result"] for o in seen["outcomes"] if isinstance(o.get("result"), dict)]
        return {
            "text": seen["text"],
            "timezone": seen["timezone"],
            "earlier": seen["earlier"],
            "this_turn": this_turn,
            "preferences": seen["preferences"],
            "alerts": seen["alerts"],
            "call": self.call,
        }


@dataclass(frozen=True)
class ResultsView:
    """The conversation's structured results as `state_lines` may see them, cut like a turn:
    each planner reads its own tools' results and the kinds its `planner_reads` names."""

    results: tuple[tuple[str, dict[str, Any]], ...]
    """Every structured result, oldest first, each with its tool."""
    owners: Mapping[str, str] = field(default_factory=dict)
    """The skill of each tool."""

    def for_state(self, skill: str, reads: frozenset[str]) -> list[dict[str, Any]] | None:
        """`state_lines`' results: None (not asked) when none is the skill's to read."""
        return readable(self.results, owned(self.owners, skill), reads) or None


def results_view(
    messages: Sequence[BaseMessage],
    owners: Mapping[str, str],
    before: Iterable[tuple[str, dict[str, Any]]] = (),
) -> ResultsView:
    """The results of `messages`, after those shown `before` them (Facts.shown_before)."""
    return ResultsView((*before, *tool_results(messages)), owners)


def last_of_each_tool(
    messages: Sequence[BaseMessage],
) -> list[tuple[str, dict[str, Any]]]:
    """The last structured result of each tool in `messages`, in the order they came."""
    last: dict[str, tuple[int, dict[str, Any]]] = {}
    for index, (tool, result) in enumerate(tool_results(messages)):
        last[tool] = (index, result)
    return [(tool, result) for tool, (_i, result) in sorted(last.items(), key=lambda t: t[1][0])]


def owned(owners: Mapping[str, str], skill: str) -> frozenset[str]:
    """The tools of `skill`."""
    return frozenset(tool for tool, owner in owners.items() if owner == skill)


def readable(
    results: Iterable[tuple[str, dict[str, Any]]], mine: frozenset[str], reads: frozenset[str]
) -> list[dict[str, Any]]:
    """The results a planner may read: its own tools' (`mine`) and the kinds it `reads`."""
    return [r for tool, r in results if tool in mine or r.get("type") in reads]


def planner_turn(reading: Reading, tools: Iterable[str], facts: Facts | None = None) -> TurnView:
    """The planners' view of this turn, with `tools` the names offered; the offline model and a
    real model's suggestions read it alike."""
    outcomes: list[dict[str, Any]] = []
    for outcome in reading.this_turn_results:
        if outcome.ok:
            outcomes.append({"tool": outcome.name, "ok": True, "result": outcome.payload})
        else:
            outcomes.append({"tool": outcome.name, "ok": False, "error": outcome.text})
    return TurnView(
        text=reading.user_text,
        tools=tuple(sorted(tools)),
        earlier=(*(facts or Facts()).shown_before, *tool_results(reading.earlier)),
        outcomes=tuple(outcomes),
        facts=facts or Facts(),
    )


def turn_of(
    messages: Sequence[BaseMessage], tools: Iterable[str], facts: Facts | None = None
) -> TurnView:
    """The view of the turn `messages` end with."""
    return planner_turn(read(messages), tools, facts)
