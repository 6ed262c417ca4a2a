"""Understanding people's own words: the corpus (tests/understanding/corpus, both parts) scored
on the product's first model step; writes bench/results/understanding.md.

.venv/bin/python -m bench.understanding                    # both parts, offline model
.venv/bin/python -m bench.understanding --model local --sample 60
.venv/bin/python -m bench --only understanding             # as a part of the suite
"""

from __future__ import annotations

import argparse
import asyncio
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.common import REPO, RESULTS

if TYPE_CHECKING:
    from tests.understanding.scoring import Report

SECONDS_PER_CASE = {"offline": 0.2, "local": 10.0}
"""About how long one case's first model step takes (local: 5-15 s a turn on this machine)."""
STATES_S = {"offline": 20.0, "local": 180.0}
"""Start-up and the states' own turns, before the first case."""


def sample_for(budget_s: float, model: str) -> int:
    """How many cases fit in `budget_s` on `model` (at least one per capability)."""
    from tests.understanding.cases import CAPABILITIES

    per_case = SECONDS_PER_CASE.get(model, SECONDS_PER_CASE["local"])
    start = STATES_S.get(model, STATES_S["local"])
    return max(len(CAPABILITIES), int((budget_s - start) / per_case))


def summary(report: Report) -> dict[str, Any]:
    """A part's figures: overall, per capability and per voice, as (passed, total)."""
    return {
        "passed": sum(o.passed for o in report.outcomes),
        "total": len(report.outcomes),
        "accuracy": round(report.accuracy, 4),
        "left_out": report.left_out,
        "by_capability": report.by("capability"),
        "by_voice": report.by("voice"),
    }


def run(
    model: str = "offline", sample: int | None = None, deadline: float = math.inf
) -> dict[str, Any]:
    """Both parts (those present) on one started product; `sample`: a stratified sample of
    about that many cases of each part; cases stop at `deadline` (time.monotonic())."""
    return asyncio.run(measured(model, sample, deadline))


async def measured(model: str, sample: int | None, deadline: float) -> dict[str, Any]:
    from tests.understanding.cases import PARTS
    from tests.understanding.runner import cases_of, run_parts

    parts = {part: cases for part in PARTS if (cases := cases_of(part, sample=sample))}
    started = time.perf_counter()
    reports = await run_parts(model, parts, lambda _o: None, deadline)
    return {
        "model": model,
        "commit": _commit(),
        "sample": sample,
        "seconds": round(time.perf_counter() - started, 1),
        "parts": {part: summary(report) for part, report in reports.items()},
    }


def present_parts() -> int:
    """How many parts the corpus holds now (the held-out one may not be there yet)."""
    from tests.understanding.cases import PARTS, load_part

    return sum(1 for part in PARTS if load_part(part))


def _commit() -> str:
    done = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    dirty = subprocess.run(
        ["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
    )
    return done.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def _cell(pair: tuple[int, int] | list[int] | None) -> str:
    if not pair:
        return ""
    passed, total = pair
    return f"{passed}/{total} ({passed / total:.1%})"


def table(result: dict[str, Any]) -> list[str]:
    """Overall, then per capability and per voice, a column per part."""
    parts = result["parts"]
    head = ["", *parts]
    rows = [["**overall**", *(_cell((p["passed"], p["total"])) for p in parts.values())]]
    for key, label in (("by_capability", "*per capability*"), ("by_voice", "*per voice*")):
        names = sorted({name for p in parts.values() for name in p[key]})
        rows.append([label, *([""] * len(parts))])
        rows += [[name, *(_cell(p[key].get(name)) for p in parts.values())] for name in names]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return lines + ["| " + " | ".join(row) + " |" for row in rows]


def markdown(result: dict[str, Any]) -> str:
    sample = f", a stratified sample of about {result['sample']}" if result["sample"] else ""
    left = sum(p["left_out"] for p in result["parts"].values())
    note = f" {left} cases were left out: the time budget ran out." if left else ""
    return "\n".join(
        [
            f"# Understanding corpus ({result['model']} model{sample})",
            "",
            f"At commit {result['commit']}, {result['seconds']} s.{note} A case passes when the "
            "first model step makes exactly the calls it expects (docs/understanding-corpus.md).",
            "",
            *table(result),
            "",
        ]
    )


def report_lines(r: dict[str, Any]) -> list[str]:
    """The part of `python -m bench`'s results.md."""
    if "crashed" in r:
        return ["## Understanding corpus", "", f"crashed: `{r['crashed']}`", ""]
    return ["## Understanding corpus (first model step, per capability)", "", *table(r), ""]


def table_path(model: str, sample: int | None) -> Path:
    """Where a run keeps its table: understanding.md for every case on the offline model."""
    if model == "offline" and not sample:
        return RESULTS / "understanding.md"
    return RESULTS / f"understanding-{model}{f'-sample{sample}' if sample else ''}.md"


def measure(model: str = "offline", sample: int | None = None) -> dict[str, Any]:
    """Run and keep the table (`python -m bench`'s part)."""
    result = run(model, sample)
    table_path(model, sample).write_text(markdown(result))
    return result


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.understanding", description=__doc__)
    parser.add_argument("--model", default="offline", help="AGENT_MODEL: offline or local")
    parser.add_argument("--sample", type=int, help="a stratified sample of about N cases a part")
    args = parser.parse_args(argv)
    print(markdown(measure(args.model, args.sample)))
    return 0


if __name__ == "__main__":
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    sys.exit(main(sys.argv[1:]))
