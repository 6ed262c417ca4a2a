"""Between the rules and the intents: when the recognizers plan nothing for a message (or only
the unclear question back), the intent the platform's classifier finds most likely, else the
intent the message is nearest to, is planned by its own recognizer alone, which still reads the
slots and what the state allows ("the second one" with nothing shown is asked back).

The rules keep the last word wherever they plan: measured leave-one-out on the learn part
(tests/understanding/leave_one_out.py), the matcher naming another tool than the rules is right
at most 4 times in 10 at every score and margin, so it never overrides them.
"""

from __future__ import annotations

from collections.abc import Callable

from .plans import MARGIN, Conversation, Plan

IntentPlanner = Callable[[str, Conversation], Plan | None]
"""An intent's own recognizer, the message taken as that wish (recognizers.py `plan_as`)."""

LEAD = 0.4
"""The least score at which the nearest intent is planned when the rules plan nothing: the
score at which the platform lets a skill hear a message by its nearest intent
(agent_graph/graph/tool_choice.py)."""

GATE = 0.4
"""The least probability at which the classifier's most likely intent is planned when the rules
plan nothing (chosen on the learn part: bench/results/understanding.md, Ninth session)."""

UNSURE = "ask back"
"""The recognizer whose question means the rules did not understand the message."""


def leading_intent(conv: Conversation) -> str | None:
    """This skill's nearest intent when it leads: LEAD or above, MARGIN ahead of the next one,
    and nearer than any other skill's intent."""
    if not conv.intents:
        return None
    name, score = conv.intents[0]
    runner_up = conv.intents[1][1] if len(conv.intents) > 1 else 0.0
    if score < LEAD or score - runner_up < MARGIN or score < conv.elsewhere:
        return None
    return name


def learned_intent(conv: Conversation) -> str | None:
    """This skill's most likely intent by the platform's classifier when it is GATE or above and
    more likely than any other skill's."""
    if not conv.learned:
        return None
    name, chance = conv.learned[0]
    return name if chance >= GATE and chance > conv.learned_elsewhere else None


def arbitrated(
    conv: Conversation, decided: tuple[str, Plan] | None, plan_as: IntentPlanner
) -> tuple[str, Plan] | None:
    """The rules' choice (`decided`: the recognizer's name and its plan), unless they planned
    nothing or only asked back and the likeliest intent's own recognizer (`plan_as`) plans the
    message (then named "learned <name>"), else the leading intent's ("intent <name>")."""
    if decided is not None and decided[0] != UNSURE:
        return decided
    for source, wish in (("learned", learned_intent(conv)), ("intent", leading_intent(conv))):
        found = plan_as(wish, conv) if wish else None
        if found is not None:
            return (f"{source} {wish}", found)
    return decided


def arbitrate(
    conv: Conversation, decided: tuple[str, Plan] | None, plan_as: IntentPlanner
) -> Plan | None:
    """The plan `arbitrated` chooses; None when neither the rules nor the intent plan."""
    chosen = arbitrated(conv, decided, plan_as)
    return chosen[1] if chosen else None
