"""The understanding corpus's cases (docs/understanding-corpus.md): load a part, validate it
strictly, take a stratified sample. Scoring is in scoring.py; the runner (runner.py) builds the
states, says the messages and hands back what the first model step did."""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass
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


def check_tools(cases: list[Case], offered: set[str]) -> None:
    """Every call a case expects names a tool the product offers (one of, for a list)."""
    for case in cases:
        for call in case.calls:
            if not set(tool_names(call)) & offered:
                raise CorpusError(f"{case.where}: the product offers no {call['tool']!r}")


def tool_names(call: dict[str, Any]) -> list[str]:
    """A call's `tool`: one name, or the names any one of which will do."""
    return call["tool"] if isinstance(call["tool"], list) else [call["tool"]]


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


def stratified(cases: list[Case], size: int) -> list[Case]:
    """About `size` cases with every capability in it: each capability's share of the sample
    follows its share of the part, at least one each, taken from the middle of even strides through its file (its
    first cases would bias to the file's opening voices). The capabilities take turns, so a
    run cut short by its time budget has left out a few of each, not the last files."""
    if size >= len(cases):
        return list(cases)
    groups: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        groups[case.capability].append(case)
    counts = {k: max(1, round(size * len(v) / len(cases))) for k, v in groups.items()}
    picks = [
        [group[int((i + 0.5) * len(group) / counts[name])] for i in range(counts[name])]
        for name, group in groups.items()
    ]
    return [case for turn in itertools.zip_longest(*picks) for case in turn if case is not None]
