"""Run a corpus part against the real product in-process and score it.

    .venv/bin/python -m tests.understanding.runner --part learn
    .venv/bin/python -m tests.understanding.runner --part learn --capability tours --failures
    .venv/bin/python -m tests.understanding.runner --part learn --say "budget is 450"
    .venv/bin/python -m tests.understanding.runner --part learn --json /tmp/before.json
    AGENT_MODEL=local .venv/bin/python -m tests.understanding.runner --part learn --sample 60

Each state is built once (tests/understanding/states.py); each case starts from a copy of it
(its conversation copied to a new session), says its message, and is scored on the FIRST model
step: the agent node's message, its tool calls and arguments, or its words when it calls none.
The turn stops there, so no tool runs and no case changes what the next one sees.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage

from agent_graph.app import AppRuntime, open_app
from agent_graph.config import Settings
from agent_graph.graph.builder import build_graph
from agent_graph.graph.state import Context
from tests.understanding.cases import (
    PARTS,
    Case,
    CorpusError,
    check_tools,
    load_part,
    spoken,
    stratified,
)
from tests.understanding.scoring import Got, Outcome, Report, failure_kinds, score
from tests.understanding.states import Builder, StateError

REPO = Path(__file__).resolve().parents[2]
HIDDEN = (
    "the held-out part is only measured: its cases are not shown (no --failures, --say, --json), "
    "so that whoever works on understanding never learns from it"
)


def product_settings(memory_root: Path, model: str) -> Settings:
    """The product's settings from the environment, with what a run fixes: the model, the
    bundled skills as process workers on free ports, embedded storage under `memory_root`,
    no tokens (one person), no scheduled jobs (alerts are the states' own)."""
    from tests.servers import free_port_window

    return Settings(
        AGENT_MODEL=model,
        MEMORY_ROOT=memory_root,
        SKILLS_DIR=REPO / "skills",
        SKILL_BACKEND="process",
        STORAGE="embedded",
        API_TOKENS_FILE=None,
        HOST_PORT_START=free_port_window(),
        JOBS=False,
    )


class Session:
    """A started product with its states: say a case's message, get its first model step."""

    def __init__(self, runtime: AppRuntime) -> None:
        self.runtime = runtime
        self.builder = Builder(runtime)
        self.graph = build_graph(runtime.services)
        self.broken: dict[str, str] = {}
        """The states the product did not make, with why."""

    async def first_step(self, case: Case) -> tuple[Got, dict[str, Any]]:
        """The case's first model step, and the references its state resolves; a state the
        product did not make fails its cases (it is tried once)."""
        if case.state in self.broken:
            return Got([], error=self.broken[case.state]), {}
        try:
            state = await self.builder.build(case.state)
        except StateError as exc:
            self.broken[case.state] = f"state {case.state} not built: {exc}"
            return Got([], error=self.broken[case.state]), {}
        session = self.builder.session_copy(state)
        self.builder.open_alerts(state)
        context = Context(user_id=state.user, session_id=session, role=self.builder.role,
                          timezone=self.runtime.settings.user_timezone)  # fmt: skip
        config = {"configurable": {"thread_id": f"{state.user}:{session}"}}
        inputs = {"messages": [HumanMessage(spoken(case.say, state.refs))]}
        stream = self.graph.astream(inputs, config, context=context, stream_mode="updates")
        try:
            async with contextlib.aclosing(stream):
                async for update in stream:
                    if "agent" in update:
                        return _got(update["agent"]["messages"][-1]), state.refs
        except Exception as exc:  # the product failed this message: a failed case, shown
            return Got([], error=repr(exc)[:300]), state.refs
        return Got([], error="the turn ended before any model step"), state.refs

    async def run(
        self,
        cases: list[Case],
        progress: Callable[[Outcome], None],
        deadline: float = math.inf,
    ) -> Report:
        """Every case in turn, until time.monotonic() passes `deadline` (the rest left out)."""
        report = Report()
        for case in cases:
            if time.monotonic() > deadline:
                report.left_out = len(cases) - len(report.outcomes)
                break
            got, refs = await self.first_step(case)
            outcome = score(case, got, refs)
            report.outcomes.append(outcome)
            report.kinds.append(failure_kinds(outcome, refs))
            progress(outcome)
        return report


def _got(message: Any) -> Got:
    if not isinstance(message, AIMessage):
        return Got([], text=str(getattr(message, "content", "")))
    calls = [{"name": c["name"], "args": dict(c.get("args") or {})} for c in message.tool_calls]
    return Got(calls, text=message.text)


@contextlib.asynccontextmanager
async def started(model: str) -> Any:
    """The product on `model` with its own temporary memory root, closed after."""
    from tests.skill_env import ensure_skill_envs

    ensure_skill_envs()
    with tempfile.TemporaryDirectory(prefix="propsearch-corpus-") as tmp:
        async with open_app(product_settings(Path(tmp) / "memory", model)) as runtime:
            yield Session(runtime)


def cases_of(
    part: str, capability: str | None = None, sample: int | None = None, say: str | None = None
) -> list[Case]:
    cases = load_part(part)
    if capability:
        cases = [c for c in cases if c.capability == capability]
    if say:
        cases = [c for c in cases if say.lower() in c.say.lower()]
    return stratified(cases, sample) if sample else cases


async def run_parts(
    model: str,
    parts: dict[str, list[Case]],
    progress: Callable[[Outcome], None] = print,
    deadline: float = math.inf,
) -> dict[str, Report]:
    """Each part's report, on one started product (the states built once for all)."""
    async with started(model) as session:
        offered = {tool["function"]["name"] for tool in session.runtime.services.skills.tools}
        check_tools([case for cases in parts.values() for case in cases], offered)
        return {name: await session.run(cases, progress, deadline) for name, cases in parts.items()}


def dot(outcome: Outcome) -> None:
    """Progress on stderr: `.` a pass, `F` a failure."""
    print("." if outcome.passed else "F", end="", flush=True, file=sys.stderr)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.understanding.runner", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--part", choices=PARTS, default="learn")
    parser.add_argument("--capability", help="only this capability's file")
    parser.add_argument("--say", help="only cases whose message contains this text")
    parser.add_argument("--sample", type=int, help="a stratified sample of about N cases")
    parser.add_argument("--failures", action="store_true", help="list each failure")
    parser.add_argument("--json", type=Path, help="also write each case's outcome here")
    parser.add_argument("--diagnose", action="store_true",
                        help="failure kinds per capability and voice, no case shown (any part)")  # fmt: skip
    parser.add_argument("--model", default=os.environ.get("AGENT_MODEL") or "offline")
    args = parser.parse_args(argv)
    if args.part == "heldout" and (args.failures or args.say or args.json):
        print(HIDDEN, file=sys.stderr)
        return 2
    try:
        cases = cases_of(args.part, args.capability, args.sample, args.say)
        if not cases:
            raise CorpusError(f"no cases in part {args.part!r} for these filters")
        report = asyncio.run(run_parts(args.model, {args.part: cases}, dot))[args.part]
    except CorpusError as exc:
        print(f"corpus error: {exc}", file=sys.stderr)
        return 2
    print(file=sys.stderr)
    print(f"part {args.part}, model {args.model}")
    print(report.text(failures=args.failures))
    if args.diagnose:
        print(report.diagnosis())
    if args.json:
        args.json.write_text(json.dumps(report.cases(), indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
