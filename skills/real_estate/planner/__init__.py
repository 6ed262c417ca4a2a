"""The real_estate skill's planner (docs/protocol.md, "Skill planners"), loaded by the agent.

Plain data in, plain data out; nothing here imports the agent. `plan` and `answer` drive the
offline model; `state_lines` and `hints` serve every model.
"""

from __future__ import annotations

import json
from typing import Any

from real_estate import domain

from .alerted import alerted_homes
from .check import corrections, unasked_save, unknown_zpid
from .conversation import Conversation, plan_for
from .fair_housing import decline, protected_category
from .hint_chips import follow_up_hints
from .meant import meant_home
from .plans import Ranking
from .questions import question
from .replies import describe_error, describe_results
from .state import state_lines

__all__ = [
    "PRIORITY",
    "answer",
    "check",
    "confirm",
    "hints",
    "meant",
    "plan",
    "refuse",
    "state_lines",
]

PRIORITY = 50
SKILL = "real_estate"
TOOLS = frozenset(domain.TOOL_NAMES)
SEARCH = domain.SEARCH
SIGN_IN = (
    "Sign in to save homes and preferences: as a guest I can search and show you homes, "
    "but I can't keep anything for you."
)


def conversation_of(turn: dict[str, Any]) -> Conversation:
    """The last search, its results and the focused listing, from earlier turns' results."""
    last_criteria: dict[str, Any] | None = None
    last_results: list[dict[str, Any]] = []
    focused: dict[str, Any] | None = None
    compared: list[dict[str, Any]] = []
    for result in turn.get("earlier") or []:
        if result.get("type") == "listings":
            last_criteria, last_results = result.get("criteria") or {}, result.get("items") or []
            compared = []
        elif result.get("type") == "comparison":
            compared = [i for i in result.get("items") or [] if isinstance(i, dict)]
        elif result.get("type") == "detail" and result.get("items"):
            focused = result["items"][0]
    ranked = ranking_of(turn)
    return Conversation(
        text=str(turn.get("text", "")),
        last_criteria=last_criteria,
        last_results=last_results,
        focused=focused,
        compared=compared,
        preferences=dict(turn.get("preferences") or {}),
        timezone=str(turn.get("timezone") or "UTC"),
        intents=ranked.intents,
        elsewhere=ranked.elsewhere,
        sure=ranked.sure,
        learned=ranked.learned,
        learned_elsewhere=ranked.learned_elsewhere,
        parts=tuple(ranking_of(p) for p in turn.get("part_intents") or [] if isinstance(p, dict)),
        alerted=alerted_homes(turn.get("alerts")),
    )


def homes_alerted(turn: dict[str, Any]) -> list[dict[str, Any]]:
    """The homes of the alerts this conversation opened with, in their order."""
    return [home for _, home in alerted_homes(turn.get("alerts"))]


def ranking_of(said: dict[str, Any]) -> Ranking:
    """The intents the platform ranked for a text (`intents`, `intent_elsewhere`), and their
    probabilities by its classifier (`learned`, `learned_elsewhere`)."""
    intents = [i for i in said.get("intents") or [] if isinstance(i, dict) and "name" in i]
    return Ranking(
        text=str(said.get("text", "")),
        intents=_scored(intents),
        elsewhere=float(said.get("intent_elsewhere") or 0.0),
        learned=_scored([i for i in said.get("learned") or [] if isinstance(i, dict)]),
        learned_elsewhere=float(said.get("learned_elsewhere") or 0.0),
        sure={
            str(i["name"]): float(i["sure"])
            for i in intents
            if isinstance(i.get("sure"), (int, float))
        },
    )


def _scored(ranked: list[dict[str, Any]]) -> list[tuple[str, float]]:
    return [(str(i["name"]), float(i["score"])) for i in ranked if "name" in i and "score" in i]


def plan(turn: dict[str, Any]) -> dict[str, Any] | None:
    """Tool calls for a message about homes; None when it is not one or search is not bound."""
    if SEARCH not in (turn.get("tools") or []):
        return None
    found = plan_for(conversation_of(turn))
    if found is None:
        return None
    bound = set(turn.get("tools") or [])
    note = found.note
    if found.calls and not note and not any(c.name in bound for c in found.calls):
        note = SIGN_IN  # the role does not bind the tools (a guest asked to save something)
    calls = [{"name": c.name, "args": c.args} for c in found.calls]
    return {"calls": calls, "note": note, "no_tools": found.no_tools}


def meant(turn: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The home the message names by its watch or its alert, as a detail result the other
    skills' planners may read (a payment for "the house I'm watching"); None when none."""
    home = meant_home(conversation_of(turn))
    return [{"type": "detail", "items": [home]}] if home is not None else None


def answer(turn: dict[str, Any]) -> str | None:
    """The answer for this turn's outcomes of this skill's tools; None when there are none."""
    outcomes = [o for o in turn.get("outcomes") or [] if o.get("tool") in TOOLS]
    if not outcomes:
        return None
    found = plan_for(conversation_of(turn)) if turn.get("tools") else None
    note = found.note if found else ""
    parts: list[str] = []
    remembered: list[str] = []
    for outcome in outcomes:
        result = outcome.get("result")
        if not outcome.get("ok"):
            parts.append(describe_error(str(outcome["tool"]), str(outcome.get("error", ""))))
        elif isinstance(result, dict) and result.get("type") in ("listings", "detail"):
            parts.append(describe_results(result, note))
            note = ""
        elif isinstance(result, dict) and (
            result.get("type") == "comparison" or _is_kept_item(result)
        ):
            parts.append(describe_results(result))
        elif isinstance(result, dict) and result.get("type") == "memory_write":
            remembered.append(f"{result.get('key', '').replace('_', ' ')}: {result.get('value')}")
        else:
            parts.append(f"The {outcome['tool']} tool returned: {json.dumps(result)[:500]}")
    text = "\n\n".join(p for p in parts if p)
    if remembered:  # same paragraph as the intro line, which the UI shows above the cards
        text = f"Got it, I'll remember {'; '.join(remembered)}. {text}".strip()
    return text


def _is_kept_item(result: dict[str, Any]) -> bool:
    """A saved home or a removal, worded on its own (not as "I'll remember ...")."""
    if result.get("type") == "handoff":
        return True
    kept = result.get("op") == "delete" or result.get("entry_type") in ("SAVED", "SEARCH", "WATCH")
    return result.get("type") == "memory_write" and kept


def check(turn: dict[str, Any]) -> list[str] | None:
    """Corrections of a search, details or preference call a model made, against the user's
    words and the homes shown (check.py)."""
    call = turn.get("call") or {}
    args = call.get("args")
    if not isinstance(args, dict):
        return None
    if call.get("name") == SEARCH:
        return corrections(conversation_of(turn), args) or None
    if call.get("name") == domain.DETAILS:
        alerted = [{"type": "listings", "items": homes_alerted(turn)}]
        shown = [*alerted, *(turn.get("earlier") or []), *(turn.get("this_turn") or [])]
        earlier = [r for r in shown if isinstance(r, dict)]
        return unknown_zpid(str(turn.get("text", "")), str(args.get("zpid", "")), earlier) or None
    if call.get("name") == domain.SAVE_CRITERIA:
        saved = {str(k): str(v) for k, v in (turn.get("preferences") or {}).items()}
        return unasked_save(str(turn.get("text", "")), args, saved) or None
    return None


def confirm(turn: dict[str, Any]) -> str | None:
    """The question before a forget or a tour request, in words: never an entry key or zpid."""
    return question(turn)


def refuse(text: str) -> str | None:
    """Fair housing, for every model and role: a request that steers by a protected
    characteristic is answered with the refusal, before any model or tool runs; the platform
    hands the message with slips of the skill's declared words spelt right ("raccial makeup")."""
    category = protected_category(text)
    return decline(category) if category else None


def hints(results: list[dict[str, Any]]) -> list[str] | None:
    """Three hints for what the turn showed or did (a search, a home, a save, a watch, a tour
    request of this skill); starters when nothing was shown yet."""
    if not results:
        return follow_up_hints(None, None)
    last = results[-1]
    ours = last.get("skill") == SKILL and last.get("type") in ("memory_write", "handoff")
    if last.get("type") not in ("listings", "detail") and not ours:
        return None
    criteria = last.get("criteria") if last.get("type") == "listings" else None
    return follow_up_hints(criteria, last)
