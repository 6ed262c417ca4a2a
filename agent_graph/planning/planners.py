"""Skill-side agent modules (`planner.py` or `planner/` in a skill folder), each in a confined
process of its own (planner_process.py), never imported by the agent.

A planner is plain Python shipped with a skill, importing nothing from `agent_graph`. It may
define `PRIORITY` (lower is asked first, default 50) and any of these plain-data functions
(docs/protocol.md, "Skill planners"):

- `plan(turn) -> {"calls": [{"name", "args"}], "note": str, "no_tools": bool} | None` (the
  offline model's calls; a real model's suggested first call, graph/suggestion.py)
- `answer(turn) -> str | None` (the offline model's answer; with SKILL_ANSWERS, a real model's
  turn that made the planned calls ends with it)
- `state_lines(results) -> list[str]` (the context block's conversation state; its
  answer must depend on the results alone: it is kept for the same results, planner_cache.py)
- `hints(results) -> list[str] | None` (deterministic follow-up hints: its answer is kept for
  the same results, planning/cache.py)
- `refuse(text) -> str | None` (every model: a message the skill declines whatever the model
  would do, e.g. fair housing, read with the skill's `spelling:` words spelt right; the string
  is the whole answer, named as the skill's, and no model or tool runs; asked only on turns
  that offer the skill's tools, never of the skills `PLANNER_REFUSALS_OFF` names)
- `check(turn) -> list[str] | None` (every model: corrections of a call of the skill's own
  tools, read against the user's own words; the first call of a tool in a turn that gets one is
  not run)
- `confirm(turn) -> str | None` (every model: the yes/no question for a call of the skill's
  own tool that asks first, in words; the tool's `confirm` template when None)
- `meant(turn) -> [result, ...] | None` (the items the message names by what only this skill
  keeps, as results of a kind it owns: the other planners reading that kind see them as this
  turn's last earlier results before they plan, meant.py)

Each planner is shown only its own part of a turn (planning/view.py): its own tools' results
(and the kinds its SKILL.md `planner_reads` names), its own entries, and the message only when
the turn offers its tools.

A planner that fails to start, raises, hangs or returns the wrong shape is logged and skipped: a
skill author's bug never crashes a turn, and skill code never runs with the agent's rights.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent_graph.planning.cache import AnswerCache
from agent_graph.planning.heard_plans import both_skills_plan, understood
from agent_graph.planning.host import planner_file
from agent_graph.planning.meant import MEANT, with_meant
from agent_graph.planning.planner import (
    Planner,
    SkillResults,
    SkillTurns,
    offered_hints,
    read_plan,
)
from agent_graph.planning.process import PlannerFailure, PlannerProcess
from agent_graph.skills.model.manifest import SkillSpec, load_skill
from agent_graph.skills.registry import discover
from agent_graph.understanding.intents import declared
from agent_graph.understanding.matcher import IntentMatcher

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Refusal:
    """A skill's refusal of the user's message: the whole answer, in the skill's name."""

    skill: str
    text: str
    title: str = ""
    """The skill's name as a person reads it (SKILL.md `title`)."""


class UnknownSkillError(ValueError):
    """A setting names a skill that is not installed."""


def known_skills(specs: Iterable[SkillSpec], names: Iterable[str]) -> frozenset[str]:
    """`names` (PLANNER_REFUSALS_OFF's), each an installed skill; else UnknownSkillError."""
    installed = {spec.name for spec in specs}
    if unknown := sorted(set(names) - installed):
        raise UnknownSkillError(
            f"PLANNER_REFUSALS_OFF names no installed skill: {', '.join(unknown)} "
            f"(installed: {', '.join(sorted(installed)) or 'none'})"
        )
    return frozenset(names)


@dataclass
class Planners:
    """Every loaded planner, in PRIORITY order (ties by skill name)."""

    items: list[Planner] = field(default_factory=list)
    refusals_off: frozenset[str] = frozenset()
    """Skills whose refusals the operator switched off (PLANNER_REFUSALS_OFF)."""
    kept_lines: AnswerCache = field(default_factory=AnswerCache)
    """`state_lines` answers by the results they were asked for."""
    kept_hints: AnswerCache = field(default_factory=AnswerCache)
    """`hints` answers by the results they were asked for (none offered: an empty tuple)."""
    titles: dict[str, str] = field(default_factory=dict)
    """Each skill's name as a person reads it (SKILL.md `title`), by skill."""
    understanding: IntentMatcher = field(default_factory=lambda: IntentMatcher([]))
    """The skills' intents (intents.yaml): `plan` and `answer` turns carry the message's."""

    @classmethod
    def from_specs(cls, specs: Iterable[SkillSpec], refusals_off: Iterable[str] = ()) -> Planners:
        """Start every skill's planner at once, then keep those that greet. A skill named in
        `refusals_off` that is not among `specs` is an UnknownSkillError, before any starts."""
        specs = list(specs)
        off = known_skills(specs, refusals_off)
        started = []
        for spec in specs:
            path = planner_file(spec.folder)
            if path is not None:
                process = PlannerProcess(spec.folder, path)
                process.spawn()
                started.append((spec, process))
        found = []
        for spec, process in started:
            try:
                greeting = process.await_greeting()
            except (PlannerFailure, ValueError, OSError) as exc:
                log.error("skipping the planner of %s: %s", spec.name, exc)
                process.close()
                continue
            found.append(Planner(spec.name, greeting["priority"], process, spec.planner_reads))
        said = declared((spec.name, spec.folder) for spec in specs)
        understanding = IntentMatcher(
            said.intents, names=said.names, spelling=said.spelling, shapes=said.shapes
        )
        return cls(
            sorted(found, key=lambda p: (p.priority, p.skill)),
            off,
            titles={spec.name: spec.title for spec in specs},
            understanding=understanding,
        )

    @classmethod
    def from_folders(cls, folders: Iterable[Path]) -> Planners:
        """The planners of these skill folders (each with its SKILL.md)."""
        return cls.from_specs(load_skill(folder) for folder in folders)

    @classmethod
    def from_skills_dir(cls, skills_dir: Path, refusals_off: Iterable[str] = ()) -> Planners:
        """The planners of every valid skill folder (the same discovery as the registry)."""
        return cls.from_specs(discover(skills_dir), refusals_off)

    def close(self) -> None:
        for planner in self.items:
            planner.process.close()

    def plan(self, turns: SkillTurns) -> dict[str, Any] | None:
        """The first plan, in PRIORITY order, that calls a tool, else the first that makes
        none (its note, or no tools), normalised; None when no planner plans. A planner's calls
        are kept only to its own tools offered now: it can neither run another skill's tool
        nor, with words alone, stand before another skill's calls. A message whose two parts
        are each another heard skill's wish gets both skills' calls (two_skills.py)."""
        return self.refusal_and_plan("", (), turns)[1]

    def refusal_and_plan(
        self, text: str, skills: Iterable[str], turns: SkillTurns | None
    ) -> tuple[Refusal | None, dict[str, Any] | None]:
        """`refusal(text, skills)`, and when there is none `plan(turns)` (None: not asked),
        each planner asked for both in one round trip: the answers are the ones asked apart.
        The planners that name items by what only they keep (`meant`) are asked first, their
        refusal and plan in the same round trip, so naming costs none of its own."""
        refusing = set(skills) - self.refusals_off
        first = self._naming_first(text, refusing, turns)
        if turns is not None and first:
            turns = with_meant(
                {skill: said.get(MEANT) for skill, (said, _) in first.items()}, turns
            )
        best: dict[str, Any] | None = None
        for planner in self.items:
            planned = best is not None and best["calls"]  # later planners are not asked
            if planner.skill in first:
                said, turn = first[planner.skill]
                if planned:  # asked ahead: a plan after an earlier one's calls is never read
                    said, turn = {k: v for k, v in said.items() if k != "plan"}, None
            else:
                turn = (
                    self._plan_turn(planner, turns) if turns is not None and not planned else None
                )
                said = planner.ask_many(self._asks(planner, text, refusing, turn))
            refused = said.get("refuse")
            if isinstance(refused, str) and refused.strip():
                title = self.titles.get(planner.skill, planner.skill)
                return Refusal(planner.skill, refused.strip(), title), None
            found = read_plan(planner.skill, said.get("plan"), turn)
            if found is not None and (best is None or (found["calls"] and not best["calls"])):
                best = found
        both = (
            both_skills_plan(self.items, self.understanding, turns) if turns is not None else None
        )
        return None, both or best

    def _naming_first(
        self, text: str, refusing: set[str], turns: SkillTurns | None
    ) -> dict[str, tuple[dict[str, Any], dict[str, Any] | None]]:
        """What each planner that defines `meant` and plans this turn says (with its plan turn),
        asked before the others: `meant`, `refuse` and `plan` in one round trip. Its own plan
        is made from the turn as it is (a planner never sees what it named itself)."""
        first: dict[str, tuple[dict[str, Any], dict[str, Any] | None]] = {}
        for planner in self.items:
            if turns is None or not planner.has(MEANT):
                continue
            seen = turns.for_plan(planner.skill, planner.reads)
            if seen is None:
                continue
            turn = understood(self.understanding, seen, planner.skill)
            asks = {**self._asks(planner, text, refusing, turn), MEANT: seen}
            first[planner.skill] = (planner.ask_many(asks), turn)
        return first

    def _asks(
        self, planner: Planner, text: str, refusing: set[str], turn: dict[str, Any] | None
    ) -> dict[str, Any]:
        """A planner's refusal and plan asked in one round trip (each only when it applies);
        the refusal reads the message with the skill's declared words spelt right."""
        asks: dict[str, Any] = {}
        if planner.skill in refusing:
            asks["refuse"] = self.understanding.spelt_for(planner.skill, text)
        if turn is not None:
            asks["plan"] = turn
        return asks

    def _plan_turn(self, planner: Planner, turns: SkillTurns) -> dict[str, Any] | None:
        turn = turns.for_plan(planner.skill, planner.reads)
        return None if turn is None else understood(self.understanding, turn, planner.skill)

    def answers(self, turns: SkillTurns) -> dict[str, str]:
        """Each planner's answer for its own tools' outcomes this turn, by skill, in PRIORITY
        order (a skill whose planner says nothing is left out)."""
        found = {}
        for planner in self.items:
            turn = turns.for_answer(planner.skill, planner.reads)
            if turn is not None:
                turn = understood(self.understanding, turn, planner.skill)
            text = planner.ask("answer", turn) if turn is not None else None
            if isinstance(text, str) and text:
                found[planner.skill] = text
        return found

    def state_lines(self, view: SkillResults) -> list[str]:
        """Every planner's lines for the results it may read, in PRIORITY order; a planner with
        none to read is not asked, and the same results are not asked twice."""
        lines: list[str] = []
        for planner, results in self._state_readers(view):
            ask = functools.partial(planner.ask, "state_lines", results)
            found = self.kept_lines.lines(planner.skill, results, ask)
            lines.extend(found or ())
        return lines

    def kept_state_lines(self, view: SkillResults) -> list[str] | None:
        """`state_lines(view)` when every planner's answer is kept (nothing is asked, so the
        caller need not leave the event loop), else None."""
        lines: list[str] = []
        for planner, results in self._state_readers(view):
            found = self.kept_lines.kept(planner.skill, results)
            if found is None:
                return None
            lines.extend(found)
        return lines

    def _state_readers(self, view: SkillResults) -> list[tuple[Planner, list[dict[str, Any]]]]:
        """The planners asked for state lines, each with the results it may read."""
        found = []
        for planner in self.items:
            results = view.for_state(planner.skill, planner.reads)
            if results is not None and planner.has("state_lines"):
                found.append((planner, results))
        return found

    def refusal(self, text: str, skills: Iterable[str]) -> Refusal | None:
        """The first refusal of this user message by a planner of `skills` (those whose tools
        the turn offers), never of a skill whose refusals are off; None when all let it be."""
        return self.refusal_and_plan(text, skills, None)[0]

    def corrections(self, turns: SkillTurns) -> list[str]:
        """The corrections of the call by the planner of the skill it calls, which reads the
        message's intents as its `plan` did, so a plan an intent chose is not corrected."""
        found: list[str] = []
        for planner in self.items:
            turn = turns.for_check(planner.skill, planner.reads)
            if turn is None:
                continue
            said = planner.ask("check", understood(self.understanding, turn, planner.skill))
            if isinstance(said, list):
                found.extend(str(line) for line in said if str(line).strip())
        return found

    def question(self, turns: SkillTurns) -> str | None:
        """The question the planner of the called tool's skill asks before it runs, or None."""
        for planner in self.items:
            turn = turns.for_check(planner.skill, planner.reads)
            if turn is None:
                continue
            said = planner.ask("confirm", turn)
            if isinstance(said, str) and said.strip():
                return said.strip()
        return None

    def hints(self, results: list[dict[str, Any]]) -> list[str] | None:
        """The first three hints a planner offers for these results; None when none does.
        Each planner's answer is kept for the same results, so a repeated turn asks none (a
        planner switched off is asked, and fails, as before: what it said is not read)."""
        for planner in self.items:
            ask = functools.partial(offered_hints, planner, results)
            found = (
                ask()
                if planner.switched_off
                else self.kept_hints.lines(planner.skill, results, ask)
            )
            if found is not None and len(found) >= 3:
                return [str(hint) for hint in found[:3]]
        return None

    def kept_hints_for(self, results: list[dict[str, Any]]) -> list[str] | None:
        """`hints(results)` when every planner it would ask has its answer kept (nothing is
        asked, so the caller need not leave the event loop), [] for none offered; else None."""
        for planner in self.items:
            if not planner.has("hints"):
                continue
            found = None if planner.switched_off else self.kept_hints.kept(planner.skill, results)
            if found is None:
                return None
            if len(found) >= 3:
                return list(found[:3])
        return []
