"""Scoring a case (docs/understanding-corpus.md): what the product's first model step did
against the case's `expect`, with the state's references resolved; a part's report."""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tests.understanding.cases import SIDE_CALL, Case, CorpusError, tool_names


@dataclass
class Got:
    """What the first model step did: its tool calls (name, args) and its text."""

    calls: list[dict[str, Any]]
    text: str = ""
    error: str = ""


@dataclass
class Outcome:
    case: Case
    got: Got
    passed: bool
    expected: str
    """The expectation with its references resolved, as text."""


def resolved(value: Any, refs: dict[str, Any]) -> Any:
    """`value` with its references replaced by what the state holds."""
    if isinstance(value, str) and value.startswith("$"):
        if value not in refs:
            raise CorpusError(f"the state holds no {value}")
        return refs[value]
    if isinstance(value, dict):
        return {k: resolved(v, refs) for k, v in value.items()}
    if isinstance(value, list):
        return [resolved(v, refs) for v in value]
    return value


def matches(expected: Any, got: Any) -> bool:
    """The format's comparison: strings without case or outer space, numbers exactly, lists as
    sets, mappings as subsets, None = absent."""
    if expected is None:
        return got is None
    if isinstance(expected, dict):
        return isinstance(got, dict) and all(matches(v, got.get(k)) for k, v in expected.items())
    if isinstance(expected, (list, set, frozenset)):
        if not isinstance(got, (list, tuple)):
            got = [got] if got is not None else []
        return _as_set(expected) == _as_set(got)
    if isinstance(expected, bool):
        return got is expected
    number, wanted = _number(got), _number(expected)
    if wanted is not None and number is not None:  # 450000, "450000", 450000.0, "$450,000"
        return math.isclose(number, wanted, rel_tol=0, abs_tol=1e-9)
    if isinstance(expected, (int, float)):
        return False
    return isinstance(got, (str, int)) and str(got).strip().lower() == str(expected).strip().lower()


def _as_set(values: Any) -> set[str]:
    return {str(v).strip().lower() for v in values}


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:  # "$525,000" is the number 525000; "525k" is not a number
        return float(str(value).strip().removeprefix("$").replace(",", ""))
    except ValueError:
        return None


def _call_fits(expected: dict[str, Any], call: dict[str, Any]) -> bool:
    names = expected["tool"] if isinstance(expected["tool"], list) else [expected["tool"]]
    return call["name"] in names and matches(expected.get("args") or {}, call.get("args") or {})


def score(case: Case, got: Got, refs: dict[str, Any]) -> Outcome:
    """Whether `got` meets the case, per the format's rules."""
    if case.answer is not None:  # words, ask, refuse: told apart by reading, not scored
        return Outcome(case, got, not got.calls and not got.error, f"answer: {case.answer}")
    if got.error:  # the state may not be there to resolve references in
        return Outcome(case, got, False, describe(case.calls))
    wanted = [resolved(call, refs) for call in case.calls]
    listed = any(SIDE_CALL in tool_names(call) for call in wanted)
    made = [c for c in got.calls if listed or c["name"] != SIDE_CALL]
    return Outcome(case, got, _assigned(wanted, made, got.calls), describe(wanted))


def _assigned(wanted: list[dict[str, Any]], made: list[dict[str, Any]], every: list[Any]) -> bool:
    """Each wanted call met by its own call; every call of `made` wanted (side calls aside)."""
    for order in itertools.permutations(every, len(wanted)):
        if all(_call_fits(w, c) for w, c in zip(wanted, order, strict=True)):
            rest = [c for c in made if not any(c is used for used in order)]
            if not rest:
                return True
    return False


def failure_kinds(outcome: Outcome, refs: dict[str, Any]) -> list[str]:
    """Why a failed case failed, as kinds that name no sentence and no value: `no call`, `call
    where words expected`, `wrong tool`, `argument <key>` (the right tool with that key wrong or
    missing), `extra call`, `error`. The held-out part's diagnosis is made of these alone."""
    case, got = outcome.case, outcome.got
    if outcome.passed:
        return []
    if got.error:
        return ["error"]
    if case.answer is not None:
        return ["call where words expected"]
    if not got.calls:
        return ["no call"]
    kinds: list[str] = []
    for wanted in (resolved(call, refs) for call in case.calls):
        same_tool = [c for c in got.calls if c["name"] in tool_names(wanted)]
        if not same_tool:
            kinds.append("wrong tool")
        elif not any(_call_fits(wanted, c) for c in same_tool):
            args = wanted.get("args") or {}
            kinds += [f"argument {key}" for key, value in args.items()
                      if not any(matches(value, (c.get("args") or {}).get(key)) for c in same_tool)]  # fmt: skip
    return kinds or ["extra call"]


def describe(calls: list[dict[str, Any]]) -> str:
    return "; ".join(f"{'|'.join(tool_names(c))}({_args(c.get('args') or {})})" for c in calls)


def _args(args: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.items())


def shown(got: Got) -> str:
    if got.error:
        return f"error: {got.error}"
    if not got.calls:
        return "no call: " + " ".join(got.text.split())[:160]
    return "; ".join(f"{c['name']}({_args(c.get('args') or {})})" for c in got.calls)


ATTRIBUTES = ("capability", "voice", "state")
"""What the figures are told apart by: the wish, the way it is said, the conversation it is said in."""


@dataclass
class Report:
    """Accuracy overall, per capability and per voice, and the failures."""

    outcomes: list[Outcome] = field(default_factory=list)
    kinds: list[list[str]] = field(default_factory=list)
    """Each outcome's failure kinds (`failure_kinds`), in the same order."""
    left_out: int = 0
    """Cases not run: the time budget ran out first."""

    @property
    def accuracy(self) -> float:
        return _rate(self.outcomes)

    def by(self, attribute: str) -> dict[str, tuple[int, int]]:
        """{capability or voice: (passed, total)}."""
        groups: dict[str, list[Outcome]] = defaultdict(list)
        for outcome in self.outcomes:
            groups[getattr(outcome.case, attribute)].append(outcome)
        return {k: (sum(o.passed for o in v), len(v)) for k, v in sorted(groups.items())}

    def cases(self) -> list[dict[str, Any]]:
        """Each case's outcome as plain data (to compare two runs case by case)."""
        return [
            {"where": o.case.where, "capability": o.case.capability, "voice": o.case.voice,
             "state": o.case.state, "say": o.case.say, "passed": o.passed,
             "expected": o.expected, "got": shown(o.got)}
            for o in self.outcomes
        ]  # fmt: skip

    @property
    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.passed]

    def diagnosis(self) -> str:
        """Failure kinds counted per capability, voice and state: no case, no sentence, no value."""
        lines = ["failure kinds:"]
        for attribute in ATTRIBUTES:
            counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
            for outcome, kinds in zip(self.outcomes, self.kinds, strict=True):
                for kind in kinds:
                    counts[getattr(outcome.case, attribute)][kind] += 1
            for name, kinds_of in sorted(counts.items()):
                told = ", ".join(
                    f"{k} {n}" for k, n in sorted(kinds_of.items(), key=lambda x: -x[1])
                )
                lines.append(f"  {name:<15} {told}")
        return "\n".join(lines)

    def text(self, failures: bool = False) -> str:
        passed = sum(o.passed for o in self.outcomes)
        lines = [f"overall: {passed}/{len(self.outcomes)} = {self.accuracy:.1%}"]
        if self.left_out:
            lines.append(f"({self.left_out} cases not run: the time budget ran out)")
        for attribute in ATTRIBUTES:
            lines.append(f"by {attribute}:")
            for name, (good, total) in self.by(attribute).items():
                lines.append(f"  {name:<15} {good:>4}/{total:<4} {good / total:6.1%}")
        if failures:
            lines.append("failures:")
            for o in self.failures:
                lines += [f"- [{o.case.where}, {o.case.state}, {o.case.voice}] {o.case.say!r}",
                          f"    expected: {o.expected}", f"    got:      {shown(o.got)}"]  # fmt: skip
        return "\n".join(lines)


def _rate(outcomes: list[Outcome]) -> float:
    return sum(o.passed for o in outcomes) / len(outcomes) if outcomes else 0.0
