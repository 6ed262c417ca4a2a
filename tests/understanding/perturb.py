"""How well the learn part's plans survive mechanical rewordings (perturbations.py).

    .venv/bin/python -m tests.understanding.perturb
    .venv/bin/python -m tests.understanding.perturb --only typo --only dictated --failures
    .venv/bin/python -m tests.understanding.perturb --capability market --json /tmp/p.json

Every learn case is run as written; each one that passes is reworded by one kind that has
something to change in it, the kinds taken in turn (by the case's seed; --every: by each kind,
about three times as long; --only: by that kind on every case it changes), and each variant is
scored against the SAME expected calls (the
runner's scoring). Invariance is how many of a kind's variants of passing cases still pass, per
kind and per capability. It reads the learn part only: the held-out part is never reworded.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from tests.understanding.cases import Case, CorpusError
from tests.understanding.perturbations import KINDS, seed_of
from tests.understanding.runner import cases_of, started
from tests.understanding.scoring import Outcome, shown


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str
    case: Case
    original: str


def variants(cases: list[Case], kinds: list[str], per_case: int | None = None) -> list[Variant]:
    """Each kind's rewording of each case, when it changes the message and leaves alone every
    word the expected calls name (a slip in a place's name is another question); with
    `per_case`, only that many of a case's rewordings, the kinds taken in turn from its seed."""
    out: list[Variant] = []
    for case in cases:
        seed = seed_of(case.where)
        mine = [v for kind in kinds if (v := _reworded(case, kind, seed))]
        if per_case is not None and mine:
            mine = [mine[(seed + i) % len(mine)] for i in range(min(per_case, len(mine)))]
        out += mine
    return out


def _reworded(case: Case, kind: str, seed: int) -> Variant | None:
    said = KINDS[kind](case.say, seed)
    if said is None:
        return None
    words = re.compile(r"[a-z]{4,}")
    lost = set(words.findall(case.say.lower())) - set(words.findall(said.lower()))
    if kind == "typo" and any(word in json.dumps(case.expect).lower() for word in lost):
        return None
    if any(v in case.say.lower() and v not in said.lower() for v in _values(case.expect)):
        return None  # an address or an email said with its commas and dots, expected so
    return Variant(kind, dataclasses.replace(case, say=said), case.say)


def _values(value: Any) -> list[str]:
    """The lower-case strings of four characters or more an expectation names."""
    if isinstance(value, str):
        return [value.lower()] if len(value) >= 4 and not value.startswith("$") else []
    if isinstance(value, dict):
        return [s for v in value.values() for s in _values(v)]
    if isinstance(value, list):
        return [s for v in value for s in _values(v)]
    return []


Tried = tuple[Variant, Outcome]


async def measure(
    cases: list[Case], kinds: list[str], per_case: int | None
) -> tuple[list[Outcome], list[Tried]]:
    """The cases as written, then the variants of those that pass, on one started product."""
    async with started("offline") as session:
        originals = (await session.run(cases, _dot)).outcomes
        reworded = variants([o.case for o in originals if o.passed], kinds, per_case)
        outcomes = (await session.run([v.case for v in reworded], _dot)).outcomes
        return originals, list(zip(reworded, outcomes, strict=True))


def _dot(outcome: Outcome) -> None:
    print("." if outcome.passed else "F", end="", flush=True, file=sys.stderr)


def table(tried: list[Tried], key: str) -> dict[str, tuple[int, int]]:
    """{kind or capability: (still passing, variants)}."""
    groups: dict[str, list[bool]] = defaultdict(list)
    for variant, outcome in tried:
        groups[variant.kind if key == "kind" else variant.case.capability].append(outcome.passed)
    return {name: (sum(v), len(v)) for name, v in sorted(groups.items())}


def text(originals: list[Outcome], tried: list[Tried], failures: bool) -> str:
    held = sum(o.passed for _, o in tried)
    passing = sum(o.passed for o in originals)
    lines = [
        f"learn cases passing as written: {passing}/{len(originals)}",
        f"variants still passing: {held}/{len(tried)} = {held / max(1, len(tried)):.1%}",
    ]
    for key in ("kind", "capability"):
        lines.append(f"by {key}:")
        for name, (good, total) in table(tried, key).items():
            lines.append(f"  {name:<15} {good:>4}/{total:<4} {good / total:6.1%}")
    if failures:
        lines.append("broken by a rewording:")
        for v, o in tried:
            if not o.passed:
                lines += [f"- [{v.kind}, {v.case.where}, {v.case.state}] {v.case.say!r}",
                          f"    as written: {v.original!r}",
                          f"    expected: {o.expected}", f"    got:      {shown(o.got)}"]  # fmt: skip
    return "\n".join(lines)


def records(tried: list[Tried]) -> list[dict[str, Any]]:
    return [
        {"where": v.case.where, "kind": v.kind, "capability": v.case.capability,
         "say": v.case.say, "passed": o.passed, "got": shown(o.got)}
        for v, o in tried
    ]  # fmt: skip


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.understanding.perturb", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--only", action="append", choices=list(KINDS), help="only this kind")
    parser.add_argument("--every", action="store_true",
                        help="every kind on every case (else one kind per case, taken in turn)")  # fmt: skip
    parser.add_argument("--capability", help="only this capability's cases")
    parser.add_argument("--sample", type=int, help="a stratified sample of about N cases")
    parser.add_argument("--failures", action="store_true", help="list each broken variant")
    parser.add_argument("--json", type=Path, help="also write each variant's outcome here")
    args = parser.parse_args(argv)
    kinds = args.only or list(KINDS)
    per_case = None if args.every or args.only else 1
    try:
        cases = cases_of("learn", args.capability, args.sample)
        if not cases:
            raise CorpusError("no learn cases for these filters")
        originals, tried = asyncio.run(measure(cases, kinds, per_case))
    except CorpusError as exc:
        print(f"corpus error: {exc}", file=sys.stderr)
        return 2
    print(file=sys.stderr)
    print(text(originals, tried, args.failures))
    if args.json:
        args.json.write_text(json.dumps(records(tried), indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
