"""The understanding corpus's cases (docs/understanding-corpus.md): load a part, validate it strictly,
score what the product's first model step did against each case's `expect`.

Model-agnostic and product-agnostic: what a case expects is data here; the runner
(tests/understanding/runner.py) builds the states, says the messages and hands back `Got`.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

CORPUS = Path(__file__).resolve().parent / "corpus"
PARTS = ("learn", "heldout")

VOICES = ("terse", "chatty", "typos", "dictated", "non_native", "two_wishes", "plain")
ANSWERS = ("words", "ask", "refuse")
CAPABILITIES = (
    "search", "refine", "paging", "ordinals", "details", "similar", "saved_homes",
    "saved_searches", "watches", "tours", "market", "mortgage", "compare", "preferences",
    "time", "smalltalk", "fair_housing", "terms", "bad_input",
)  # fmt: skip
TOOLS = frozenset(
    {
        "search_properties", "get_property_details", "get_property_details_by_address",
        "save_home", "get_saved_homes", "remove_saved_home", "save_search",
        "forget_search_criteria", "save_search_criteria", "watch_home", "request_tour",
        "compare_properties", "mortgage_payment", "mortgage_affordability",
        "get_current_time", "mcp_time_get_current_time", "mcp_time_convert_time",
    }
)  # fmt: skip
"""Every tool the format names; a case naming another is an error."""
SIDE_CALL = "save_search_criteria"
"""Saving a stated preference on the side is allowed, unless the case lists this tool."""

ON_SCREEN = ("results", "detail", "saved", "payment")
REFERENCES: dict[str, tuple[str, ...]] = {
    "fresh": (),
    "results": ("list",),
    "detail": ("list", "focus"),
    "remembered": (),
    "saved": ("list", "saved", "search", "watch"),
    "alerts": ("search", "watch"),
    "payment": ("list", "focus"),
}
"""What each state can resolve: `list` ($1..$10, $addressN), `focus`, `saved`, `search`, `watch`."""
STATES = tuple(REFERENCES)
MAX_RESULT = 10


class CorpusError(ValueError):
    """A corpus file that breaks the format: the message names the file and the case."""


@dataclass(frozen=True)
class Case:
    capability: str
    say: str
    voice: str
    state: str
    expect: dict[str, Any]
    where: str
    """file:case-number, for messages."""

    @property
    def calls(self) -> list[dict[str, Any]]:
        return list(self.expect.get("calls") or [])

    @property
    def answer(self) -> str | None:
        return self.expect.get("answer")


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


def load_part(part: str, root: Path = CORPUS) -> list[Case]:
    """Every case of a part (empty when the part's folder does not exist yet)."""
    folder = root / part
    if not folder.is_dir():
        return []
    cases: list[Case] = []
    for path in sorted(folder.glob("*.yaml")):
        cases += load_file(path)
    return cases


def load_file(path: Path) -> list[Case]:
    try:
        raw = yaml.safe_load(path.read_text())
    except yaml.YAMLError as exc:
        raise CorpusError(f"{path.name}: not valid YAML: {exc}") from None
    if not isinstance(raw, dict) or set(raw) != {"capability", "cases"}:
        raise CorpusError(f"{path.name}: the file holds exactly `capability` and `cases`")
    capability = raw["capability"]
    if capability not in CAPABILITIES or path.stem != capability:
        raise CorpusError(f"{path.name}: capability {capability!r} (file named after one of "
                          f"{', '.join(CAPABILITIES)})")  # fmt: skip
    if not isinstance(raw["cases"], list) or not raw["cases"]:
        raise CorpusError(f"{path.name}: `cases` is a non-empty list")
    return [
        checked_case(capability, item, f"{path.name}:{n}") for n, item in enumerate(raw["cases"], 1)
    ]


def checked_case(capability: str, item: Any, where: str) -> Case:
    if not isinstance(item, dict) or not {"say", "voice", "expect"} <= set(item):
        raise CorpusError(f"{where}: a case has `say`, `voice`, `expect` (and `state`)")
    unknown = set(item) - {"say", "voice", "state", "expect"}
    if unknown:
        raise CorpusError(f"{where}: unknown field(s) {sorted(unknown)}")
    say, voice, state = item["say"], item["voice"], item.get("state", "fresh")
    if not isinstance(say, str):
        raise CorpusError(f"{where}: `say` is a string")
    if voice not in VOICES:
        raise CorpusError(f"{where}: unknown voice {voice!r} (one of {', '.join(VOICES)})")
    if state not in STATES:
        raise CorpusError(f"{where}: unknown state {state!r} (one of {', '.join(STATES)})")
    expect = item["expect"]
    _check_expect(expect, state, where)
    return Case(capability, say, voice, state, expect, where)


def _check_expect(expect: Any, state: str, where: str) -> None:
    if not isinstance(expect, dict) or len(expect) != 1 or not {"calls", "answer"} & set(expect):
        raise CorpusError(f"{where}: `expect` holds either `calls` or `answer`")
    if "answer" in expect:
        if expect["answer"] not in ANSWERS:
            raise CorpusError(f"{where}: answer {expect['answer']!r} (one of {ANSWERS})")
        return
    calls = expect["calls"]
    if not isinstance(calls, list) or not calls:
        raise CorpusError(f"{where}: `calls` is a non-empty list")
    for call in calls:
        if not isinstance(call, dict) or "tool" not in call or set(call) - {"tool", "args"}:
            raise CorpusError(f"{where}: a call has `tool` and optional `args`")
        names = call["tool"] if isinstance(call["tool"], list) else [call["tool"]]
        if not names or any(name not in TOOLS for name in names):
            raise CorpusError(f"{where}: unknown tool {call['tool']!r}")
        if not isinstance(call.get("args", {}), dict):
            raise CorpusError(f"{where}: `args` is a mapping")
        for ref in references(call.get("args", {})):
            if _needs(ref) not in REFERENCES[state]:
                raise CorpusError(f"{where}: state {state!r} cannot resolve {ref}")


def references(value: Any) -> list[str]:
    """The `$…` references inside an args value."""
    if isinstance(value, str) and value.startswith("$"):
        return [value]
    if isinstance(value, dict):
        return [r for v in value.values() for r in references(v)]
    if isinstance(value, list):
        return [r for v in value for r in references(v)]
    return []


def _needs(ref: str) -> str:
    name = ref[1:]
    for prefix in ("address", ""):
        number = name.removeprefix(prefix)
        if number.isdigit() and 1 <= int(number) <= MAX_RESULT:
            return "list"
    return name if name in ("focus", "saved", "search", "watch") else f"unknown {ref}"


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
    if isinstance(expected, (int, float)):
        number = _number(got)
        return number is not None and math.isclose(number, expected, rel_tol=0, abs_tol=1e-9)
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
    wanted = [resolved(call, refs) for call in case.calls]
    listed = any(SIDE_CALL in _names(call) for call in wanted)
    made = [c for c in got.calls if listed or c["name"] != SIDE_CALL]
    passed = not got.error and _assigned(wanted, made, got.calls)
    return Outcome(case, got, passed, describe(wanted))


def _names(call: dict[str, Any]) -> list[str]:
    return call["tool"] if isinstance(call["tool"], list) else [call["tool"]]


def _assigned(wanted: list[dict[str, Any]], made: list[dict[str, Any]], every: list[Any]) -> bool:
    """Each wanted call met by its own call; every call of `made` wanted (side calls aside)."""
    for order in itertools.permutations(every, len(wanted)):
        if all(_call_fits(w, c) for w, c in zip(wanted, order, strict=True)):
            rest = [c for c in made if not any(c is used for used in order)]
            if not rest:
                return True
    return False


def describe(calls: list[dict[str, Any]]) -> str:
    return "; ".join(f"{'|'.join(_names(c))}({_args(c.get('args') or {})})" for c in calls)


def _args(args: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.items())


def shown(got: Got) -> str:
    if got.error:
        return f"error: {got.error}"
    if not got.calls:
        return "no call: " + " ".join(got.text.split())[:160]
    return "; ".join(f"{c['name']}({_args(c.get('args') or {})})" for c in got.calls)


@dataclass
class Report:
    """Accuracy overall, per capability and per voice, and the failures."""

    outcomes: list[Outcome] = field(default_factory=list)
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

    @property
    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.passed]

    def text(self, failures: bool = False) -> str:
        passed = sum(o.passed for o in self.outcomes)
        lines = [f"overall: {passed}/{len(self.outcomes)} = {self.accuracy:.1%}"]
        if self.left_out:
            lines.append(f"({self.left_out} cases not run: the time budget ran out)")
        for attribute in ("capability", "voice"):
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


def stratified(cases: list[Case], size: int) -> list[Case]:
    """About `size` cases with every capability in it: each capability's share of the sample
    follows its share of the part, at least one each; the first cases of each file first
    would bias to its opening voices, so cases are taken evenly spread through each file."""
    if size >= len(cases):
        return list(cases)
    groups: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        groups[case.capability].append(case)
    counts = Counter({k: max(1, round(size * len(v) / len(cases))) for k, v in groups.items()})
    chosen: list[Case] = []
    for capability, group in groups.items():
        step = len(group) / counts[capability]
        chosen += [group[int(i * step)] for i in range(counts[capability])]
    return chosen
