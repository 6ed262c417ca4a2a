"""A word misspelt by two swapped letters is ranked as the skills' examples spell it, so a typo
alone does not take a message away from the intent it is near (understanding/spelling.py)."""

from __future__ import annotations

from agent_graph.memory.embeddings import embed
from agent_graph.understanding.intents import Intent
from agent_graph.understanding.matcher import IntentMatcher
from agent_graph.understanding.spelling import respelt, vocabulary

KNOWN = vocabulary(["show the invoice for order 12", "cancel my subscription"])


def test_a_word_two_swapped_letters_away_from_an_examples_word_is_read_as_it() -> None:
    said = "Invocie for ordre 7, and cnacel it"
    assert respelt(said, KNOWN) == "invoice for order 7, and cancel it"
    assert respelt("cancle my subscripiton", KNOWN) == "cancel my subscription"


def test_known_words_and_words_no_swap_reaches_are_left_alone() -> None:
    assert respelt("Cancel the Invoice", KNOWN) == "Cancel the Invoice"
    assert respelt("a receipt for the order", KNOWN) == "a receipt for the order"


def test_the_misspelt_message_ranks_as_the_spelt_one() -> None:
    intents = [
        Intent("shop", "invoice", ("show the invoice for order 12", "where is my invoice"), "get"),
        Intent("shop", "cancel", ("cancel my subscription", "stop my plan"), "stop"),
    ]
    matcher = IntentMatcher(intents, embed)
    assert matcher.rank("the invocie for order 31") == matcher.rank("the invoice for order 31")
    assert matcher.rank("the invocie for order 31")[0].name == "invoice"
