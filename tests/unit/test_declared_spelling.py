"""A skill's `spelling:` words (intents.yaml): the message its planner reads has a slip of one
of them read as it, and no other skill's planner sees the change (understanding/spelling.py
`spelt`, matcher.py `understood`)."""

from __future__ import annotations

from pathlib import Path

from agent_graph.understanding.intents import Intent, declared
from agent_graph.understanding.matcher import IntentMatcher
from agent_graph.understanding.spelling import spelt

WORDS = frozenset({"invoice", "subscription", "shipping", "refund"})


def test_a_slip_of_a_declared_word_is_read_as_it() -> None:
    said = "Invoce for the subscripton, and the shiping"
    assert spelt(said, WORDS) == "Invoice for the subscription, and the shipping"
    assert spelt("refnud plz", WORDS) == "refund plz"
    assert spelt("cancel my subscrption", WORDS) == "cancel my subscription"
    assert spelt("subscrition", WORDS) == "subscription"


def test_other_words_inflections_and_far_slips_are_left_alone() -> None:
    said = "two invoices, refunded, a refusal and a receipt"
    assert spelt(said, WORDS) == said
    assert spelt("anything", frozenset()) == "anything"


def test_a_slip_near_two_declared_words_is_left_as_written() -> None:
    assert spelt("sheet", frozenset({"sheep", "sheen"})) == "sheet"


def test_spelling_words_are_declared_in_intents_yaml(tmp_path: Path) -> None:
    shop = tmp_path / "shop"
    shop.mkdir()
    (shop / "intents.yaml").write_text(
        "spelling: [invoice, refund]\n"
        "intents:\n  refund:\n    tool: refund\n    examples: [give me my money back]\n"
    )
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / "intents.yaml").write_text(
        "spelling: [Refund!]\nintents:\n  hi:\n    answer: words\n    examples: [hello]\n"
    )
    found = declared([("shop", shop), ("odd", odd)])
    assert found.spelling == {"shop": frozenset({"invoice", "refund"})}
    assert [i.name for i in found.intents] == ["refund", "hi"]


def test_only_the_declaring_skills_planner_reads_the_message_spelt() -> None:
    intents = [
        Intent("shop", "refund", ("give me my money back",), "refund"),
        Intent("post", "track", ("where is my parcel",), "track"),
    ]
    matcher = IntentMatcher(intents, lambda texts: [[1.0, 0.0]] * len(texts),
                            spelling={"shop": WORDS})  # fmt: skip
    turn = {"text": "a refnud for the invoce"}
    assert matcher.understood(turn, "shop")["text"] == "a refund for the invoice"
    assert matcher.understood(turn, "post")["text"] == "a refnud for the invoce"
