"""Two wishes for two skills in one message ("book a table for two tonight, and what time is it
in Tokyo?"): each skill's planner reads the whole message alone, so only the first skill's calls
would be made. Here the message is cut in two at a conjunction or a punctuation mark, each part
is planned on its own, and when the parts are planned by two different skills (each NEAR its
part and the nearer of the two, by the intents the skills declare) both skills' calls are kept.
A second part no skill plans alone because it refers back to the first, said ("save the second
one and what would it cost a month": "it" is named in the first) or left unsaid ("open the 4th
then tell me the monthly payment": of the 4th), is planned by another skill than the first
part's from the whole message, so it reads what is meant; NEAR still decides whose part it is,
and the calls that skill makes for the first part alone are left out. No cut is
made where the first part's skill reads the second part as its own in the whole message ("the
payment on the third at 6%, and also on the first": more calls for the whole than for the first
part).

Generic: the cut knows English joining words only, never a skill's words; what each part asks
for is its planner's to say.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

BOUNDARY = re.compile(
    r"\s*(?:[,;]\s*|\s)(?:and\s+then|and\s+also|and|then|also|plus|after\s+that|afterwards)"
    r"\s+|\s*[,;]\s+|[.?!]+\s+",
    re.IGNORECASE,
)
"""Where a message may be cut: before a joining word (with a comma or not), at a comma or a
semicolon, after a sentence's end."""
REFERS_BACK = re.compile(r"\b(?:it|them|this one|that one|these ones|those ones)\b", re.I)
"""English words a part uses for what the part before it names."""
POINTS_ELSEWHERE = re.compile(r"\b(?:that|this|those|these)\b", re.I)
"""A part that points with these words and no REFERS_BACK ("what price does that get us")
points at what was said, not at a thing the part before names: it leaves nothing unsaid."""
MAX_CUTS = 6
"""The cuts tried, from the message's start: a longer list of clauses is read whole."""
NEAR = 0.4
"""The least score of a skill's best intent for a part it plans to be taken as that skill's
wish: a part that only sets the scene ("my sister lives in Paris") scores under 0.3 against every
skill, a wish said in a part 0.45 and above on the learn part's cases."""


@dataclass(frozen=True)
class Planned:
    """A plan with calls and the skill whose planner made it."""

    skill: str
    plan: dict[str, Any]


PlanPart = Callable[[str, str], Planned | None]
"""The first plan with calls for a part of the message (or the whole), in the planners' order,
by a skill other than the one named ("": any skill)."""
Nearness = Callable[[str, str], float]
"""How near a part is to a skill: its best declared intent's score."""


def cuts(text: str) -> list[tuple[str, str]]:
    """The ways `text` splits in two at a BOUNDARY, both parts non-empty, first cut first."""
    found = []
    for match in list(BOUNDARY.finditer(text))[:MAX_CUTS]:
        left, right = text[: match.start()].strip(), text[match.end() :].strip()
        if left and right:
            found.append((left, right))
    return found


def parts(text: str) -> list[str]:
    """`text` and each part a cut leaves of it, once each."""
    return list(dict.fromkeys([text, *(part for cut in cuts(text) for part in cut)]))


def across_skills(text: str, plan_part: PlanPart, nearness: Nearness) -> dict[str, Any] | None:
    """One plan with the calls of the two skills that each plan one part of `text`, the left
    part's first; None when no cut gives two skills' plans. A cut where the left part's skill
    reads the right part as its own in the whole message is passed over."""
    whole = functools.cache(lambda: plan_part(text, ""))  # asked once, by the first cut planned
    for left, right in cuts(text):
        first = plan_part(left, "")
        if first is None or _reads_on(whole(), first):
            continue
        second = _leaning(text, (left, right), first, plan_part)
        if second is None or first.skill == second.skill:
            continue
        if _nearer(left, first.skill, second.skill, nearness) and _nearer(
            right, second.skill, first.skill, nearness
        ):
            return _joined(first.plan, second.plan)
    return None


def _reads_on(whole: Planned | None, first: Planned) -> bool:
    """The left part's skill makes more calls for the whole message than for the left part."""
    return (
        whole is not None
        and whole.skill == first.skill
        and len(whole.plan["calls"]) > len(first.plan["calls"])
    )


def _leaning(
    text: str, cut: tuple[str, str], first: Planned, plan_part: PlanPart
) -> Planned | None:
    """The right part's plan; when no skill plans it alone and it refers back ("it"), or leaves
    unsaid what it is of while the left part's skill still plans the whole message as that
    part alone, another skill's than the left part's plan of the whole message (what it refers
    to is said there), less the calls that skill makes for the left part alone."""
    left, right = cut
    second = plan_part(right, "")
    if second is not None:
        return second
    whole, before = plan_part(text, first.skill), plan_part(left, first.skill)
    if whole is None:
        return None
    if not REFERS_BACK.search(right) and not _left_unsaid(
        text, right, first, whole.skill, plan_part
    ):
        return None
    if before is None or before.skill != whole.skill:
        return whole
    calls = [call for call in whole.plan["calls"] if call not in before.plan["calls"]]
    return Planned(whole.skill, {**whole.plan, "calls": calls}) if calls else None


def _left_unsaid(text: str, right: str, first: Planned, other: str, plan_part: PlanPart) -> bool:
    """The right part leaves unsaid what it is of ("then tell me the monthly payment"): it
    points at nothing said (POINTS_ELSEWHERE), and the left part's skill plans the whole message
    as it plans the left part alone (its wish, still heard, names what the right part is of)."""
    if POINTS_ELSEWHERE.search(right):
        return False
    again = plan_part(text, other)
    return again is not None and again.skill == first.skill and again.plan == first.plan


def _nearer(part: str, own: str, other: str, nearness: Nearness) -> bool:
    """Whether `part` is NEAR the skill that planned it, and nearer than to the other one."""
    score = nearness(part, own)
    return score >= NEAR and score > nearness(part, other)


def _joined(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    notes = " ".join(n for n in (first.get("note"), second.get("note")) if n)
    return {"calls": [*first["calls"], *second["calls"]], "note": notes, "no_tools": False}
