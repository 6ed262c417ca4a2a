"""A yes or a no typed while a turn waits for a confirmation: the answer to it, on every entry
point that takes words (the web UI's box, `/chat`, an OpenAI client), as a click would be.

Any other message is a new one, which drops the paused turn (turns/runner.py)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_graph.turns.runner import TurnRunner


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


YES = _words(
    "yes y yeah yep yup ok okay sure confirm approve alright absolutely definitely perfect great "
    "fine correct right"
)
NO = _words("no n nope nah cancel don't dont stop")
NO_PHRASES = ("don't do it", "dont do it", "do not", "never mind", "not now", "leave it", "keep it")
YES_PHRASES = ("go ahead", "do it", "please do", "sounds good", "of course")
"""Read before the words, the no first ("don't do it" is not a "do it")."""
POLITE = _words("please thanks thank you thing that that's thats is as")
"""Words that may stand around a yes or a no ("yes please", "no thanks, leave it as is")
without making the message a new wish ("sure, what about Buda" and "not sure" are ones)."""


def reply_to_confirmation(message: str) -> bool | None:
    """True for a yes, False for a no, None for anything else (a new message)."""
    text = " ".join(re.sub(r"[^\w' ]+", " ", message.lower().replace("’", "'")).split())
    said = {True: False, False: False}
    for phrases, answer in ((NO_PHRASES, False), (YES_PHRASES, True)):
        for phrase in phrases:
            text, found = re.subn(rf"\b{re.escape(phrase)}\b", " ", text)
            said[answer] = said[answer] or found > 0
    words = text.split()
    if any(w not in YES | NO | POLITE for w in words):
        return None
    said[True] = said[True] or any(w in YES for w in words)
    said[False] = said[False] or any(w in NO for w in words)
    return None if said[True] == said[False] else said[True]


async def typed_answer(
    runner: TurnRunner, user: str, session_id: str, message: str | None
) -> dict[str, Any] | None:
    """{"id", "approve"} when `message` is a yes or a no and the session's turn waits for a
    confirmation; None when it is a new message."""
    approve = reply_to_confirmation(message or "")
    if approve is None:
        return None
    paused = await runner.pending_confirm(user, session_id)
    return None if paused is None else {"id": paused.confirm.id, "approve": approve}
