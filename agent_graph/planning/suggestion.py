"""The call a skill's planner would make for the user's message, offered to a real model as a
suggestion it may overrule (the planners' `plan`, which the offline model follows outright).

Meant for models that read a proposed call more reliably than fourteen tool schemas. Measured on
the bundled 1.5B local model (docs/llm-eval.md): it follows a suggestion that matches its habits
and ignores the rest, so the pass rate did not move. For the first model call of a turn, and
for a later one when the model made only some of the planned calls (`rest_of_plan`); never
stored in the conversation. Also the planners' wording of a turn's results, for a model
that cannot answer (planned_answer) or need not (skills_answer).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from agent_graph.planning.planners import Planners, Refusal
from agent_graph.planning.view import Facts, TurnView, turn_of
from agent_graph.security.sanitizer import wrap_recalled

LEAD = (
    "For this message a skill suggests the call below. Make it unless the user's words ask "
    "for something else; answer from its result."
)


def plan_at_start(
    planners: Planners, messages: list[BaseMessage], tools: list[str], facts: Facts
) -> dict[str, Any] | None:
    """The planners' plan for the turn's message, as at its start (before any result): the one
    the turn keeps (`Facts.plan`) with its calls cut to `tools`, else asked of the planners."""
    if facts.plan is not None:
        return kept_plan(facts.plan, tools)
    last = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=-1)
    return planners.plan(turn_of(messages[: last + 1], tools, facts))


def refusal_and_plan(
    planners: Planners,
    text: str,
    messages: list[BaseMessage],
    tools: list[str] | None,
    facts: Facts,
) -> tuple[Refusal | None, dict[str, Any] | None]:
    """A skill's refusal of the message `text` by a skill that hears it, and when none, the
    plan `plan_at_start` would make (`tools` None: not asked), in one round trip per planner."""
    if tools is None:
        return planners.refusal(text, facts.heard), None
    last = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=-1)
    return planners.refusal_and_plan(text, facts.heard, turn_of(messages[: last + 1], tools, facts))


def kept_plan(plan: Mapping[str, Any], tools: Collection[str]) -> dict[str, Any] | None:
    """The turn's kept plan with only its calls to `tools`; None when no planner planned."""
    if not plan:
        return None
    return {**plan, "calls": [c for c in plan.get("calls", []) if c["name"] in tools]}


def planned_message(calls: list[dict[str, Any]]) -> AIMessage:
    """A model step that makes the planned `calls` (each `{"name", "args"}`)."""
    return AIMessage(content="", tool_calls=[_tool_call(c["name"], c["args"]) for c in calls])


def _tool_call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "args": args, "id": f"call_{uuid.uuid4().hex[:12]}", "type": "tool_call"}


def rest_of_plan(
    planners: Planners, messages: list[BaseMessage], tools: list[str], facts: Facts
) -> dict[str, Any] | None:
    """The planned calls not made yet, when every call this turn made was planned and one has
    returned: a small model made the first of two ("not interested in condos" is saved as a
    decision, then searched) and would end the turn without the search. None when the model
    read the message its own way (it called something else) or nothing is left."""
    plan = plan_at_start(planners, messages, tools, facts)
    outcomes = turn_of(messages, tools, facts).outcomes
    planned = {c["name"] for c in (plan or {}).get("calls", [])}
    done = {o["tool"] for o in outcomes if o["ok"]}
    if plan is None or not done or not {o["tool"] for o in outcomes} <= planned:
        return None
    rest = [c for c in plan["calls"] if c["name"] not in done]
    return {**plan, "calls": rest} if rest else None


def suggested(plan: dict[str, Any] | None, tools: list[dict[str, Any]]) -> str | None:
    """The suggestion's text, or None when the plan proposes no call to an offered tool."""
    schemas = {t["function"]["name"]: t["function"].get("parameters") or {} for t in tools}
    calls = [c for c in (plan or {}).get("calls", []) if c["name"] in schemas]
    if not calls:
        return None
    # Written the way the model writes a call (the chat template's own format): easiest to copy.
    lines = [
        json.dumps({"name": c["name"], "arguments": in_schema_order(c["args"], schemas[c["name"]])})
        for c in calls
    ]
    return LEAD + "\n" + wrap_recalled("suggested call", "\n".join(lines))


def in_schema_order(args: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """`args` in the order the tool's schema declares its parameters: the order a small model
    writes them in. Measured on the bundled 1.5B model: shown `price_max` after
    `property_type`, it copied the arguments up to `property_type` and went on in the schema's
    order, writing `sort` where `price_max` was; shown them in the schema's order, it copied
    them all."""
    rank = {name: i for i, name in enumerate(schema.get("properties") or {})}
    return dict(sorted(args.items(), key=lambda item: rank.get(item[0], len(rank))))


def planned_call(
    planners: Planners, messages: list[BaseMessage], tool: str, facts: Facts
) -> dict[str, Any]:
    """The arguments of the call to `tool` the planners would make for the turn's message, as
    at its start (before any result); {} when they would make none."""
    calls = planned_at_start(planners, messages, [tool], facts)
    return dict(calls[0]["args"]) if calls else {}


def planned_at_start(
    planners: Planners, messages: list[BaseMessage], tools: list[str], facts: Facts
) -> list[dict[str, Any]]:
    """The calls to `tools` the planners would make for the turn's message, before any result."""
    plan = plan_at_start(planners, messages, tools, facts)
    return [c for c in (plan or {}).get("calls", []) if c["name"] in tools]


def with_suggestion(messages: list[BaseMessage], text: str) -> list[BaseMessage]:
    """`messages` with the suggestion last, the last thing the model reads before it answers:
    right after the user's message on a turn's first call, after the results on a later one."""
    last = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
    if last < len(messages) - 1:
        return [*messages, SystemMessage(text)]
    return [*messages[: last + 1], SystemMessage(text), *messages[last + 1 :]]


def planned_answer(planners: Planners, messages: list[BaseMessage], facts: Facts) -> str | None:
    """The planners' wording of this turn's results (the offline model's answer), for a real
    model that cannot answer: it repeats a call, or writes one as text that can no longer run."""
    return _worded(planners, turn_of(messages, [], facts))


def _worded(planners: Planners, turn: TurnView) -> str | None:
    outcomes = turn.outcomes
    # a call that failed (a check's correction) and then ran is reported by its result alone
    kept = tuple(
        o
        for i, o in enumerate(outcomes)
        if o["ok"] or not any(later["ok"] and later["tool"] == o["tool"] for later in outcomes[i:])
    )
    if not kept:
        return None
    turn = replace(turn, outcomes=kept)
    # a model that repeated a call has the same result twice: its wording is said once
    paragraphs = [
        p for text in planners.answers(turn).values() for p in text.split("\n\n") if p.strip()
    ]
    return "\n\n".join(dict.fromkeys(paragraphs)) or None


def skills_answer(
    planners: Planners,
    messages: list[BaseMessage],
    tools: list[str],
    facts: Facts,
    failures_too: bool = False,
) -> str | None:
    """The planners' wording of the turn when the calls they planned for the user's message
    have all returned and no other call ran: the turn the offline model would have made, so
    their wording answers it (another call the checks refused is left out of it). None when
    the model ran something else (it read the message its own way: its words answer it), a
    planned call still fails (the model may mend it; with `failures_too`, for a profile that
    made the planned calls itself, a failure is worded by its planner as well), or nothing ran.

    Saves the model call that reads the results, the slowest of a local model's turn."""
    planned = {c["name"] for c in planned_at_start(planners, messages, tools, facts)}
    turn = turn_of(messages, tools, facts)
    latest = {o["tool"]: o["ok"] for o in turn.outcomes}  # the last outcome of each tool
    ran = {tool for tool, ok in latest.items() if ok or failures_too}
    if not planned or ran != planned:
        return None
    turn = replace(turn, outcomes=tuple(o for o in turn.outcomes if o["tool"] in planned))
    return _worded(planners, turn)  # with the tools offered: a plan's note leads
