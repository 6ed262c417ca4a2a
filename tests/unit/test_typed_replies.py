"""A yes or a no typed while a turn waits for a confirmation (turns/replies.py): what reads as
the answer, and what is a new message."""

from __future__ import annotations

import pytest

from agent_graph.turns.replies import reply_to_confirmation

YES = ("yes", "Yes!", "ok", "go ahead", "yes, do it", "Sure.", "yes please", "yep", "sure thing")
YES_TOO = ("ok thanks", "please do", "sounds good", "that's fine", "Absolutely.", "y", "yeah ok")
NO = ("no", "No.", "cancel", "no, keep it", "don't", "no thanks", "nope", "never mind")
NO_TOO = ("not now", "don't do it", "no, leave it as is", "N", "nah")
NEW = (
    "show me condos",
    "yes I would like to see condos in Austin under 300k",
    "",
    "sure, what about buda",
    "not sure",
    "ok so what's the price",
    "no I meant the second one",
    "thanks",
    "stop watching it",
    "yes no",
)


@pytest.mark.parametrize("said", YES + YES_TOO)
def test_a_yes_in_several_phrasings(said: str) -> None:
    assert reply_to_confirmation(said) is True


@pytest.mark.parametrize("said", NO + NO_TOO)
def test_a_no_in_several_phrasings(said: str) -> None:
    assert reply_to_confirmation(said) is False


@pytest.mark.parametrize("said", NEW)
def test_anything_else_is_a_new_message(said: str) -> None:
    assert reply_to_confirmation(said) is None
