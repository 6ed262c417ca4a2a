"""A skill's `spelling:` words (intents.yaml): the message its planner reads has a slip of one
of them read as it, and no other skill's planner sees the change (understanding/spelling.py
`spelt`, matcher.py `understood`)."""

from __future__ import annotations

from pathlib import Path

from agent_graph.understanding.intents import Intent, declared
from agent_graph.understanding.matcher import IntentMatcher
from agent_graph.understanding.spelling import Spelling, spelt

WORDS = Spelling(frozenset({"invoice", "subscription", "shipping", "refund", "item", "order"}))


def test_a_slip_of_a_declared_word_is_read_as_it() -> None:
    said = "Invoce for the subscripton, and the shiping"
    assert spelt(said, WORDS) == "Invoice for the subscription, and the shipping"
    assert spelt("refnud plz", WORDS) == "refund plz"
    assert spelt("cancel my subscrption", WORDS) == "cancel my subscription"
    assert spelt("subscrition", WORDS) == "subscription"


def test_other_words_inflections_and_far_slips_are_left_alone() -> None:
    said = "two invoices, refunded, a refusal and a receipt"
    assert spelt(said, WORDS) == said
    assert spelt("anything", Spelling()) == "anything"


def test_a_slip_near_two_declared_words_is_left_as_written() -> None:
    assert spelt("sheet", Spelling(frozenset({"sheep", "sheen"}))) == "sheet"


def test_a_slip_nearer_one_declared_word_than_another_is_read_as_the_nearer() -> None:
    near = Spelling(frozenset({"shipping", "shopping"}))
    assert spelt("shippng", near) == "shipping"  # one slip from it, two from the other


def test_a_slip_keeps_its_first_letter_unless_two_letters_are_swapped() -> None:
    assert spelt("a chipping fee", WORDS) == "a chipping fee"  # not "shipping"
    assert spelt("hsipping", WORDS) == "shipping"


def test_a_four_letter_word_is_read_again_only_by_a_swap() -> None:
    assert spelt("the itme and the odrer", WORDS) == "the item and the order"
    assert spelt("the iten and the ordre", WORDS) == "the iten and the order"


def test_a_word_people_use_is_never_read_as_a_declared_word() -> None:
    said = "a horse farm, a major road, the driving range"
    assert spelt(said, Spelling(frozenset({"house", "manor", "dripping"}))) == said
    assert spelt("a hosue", Spelling(frozenset({"house"}))) == "a house"


def test_words_a_skill_keeps_as_written_are_never_read_as_a_declared_word() -> None:
    kept = Spelling(frozenset({"closest"}), as_written=frozenset({"closets"}))
    assert spelt("walk-in closets, the clsoest", kept) == "walk-in closets, the closest"
    assert spelt("closets", Spelling(frozenset({"closest"}))) == "closest"


def test_spelling_words_are_declared_in_intents_yaml(tmp_path: Path) -> None:
    shop = tmp_path / "shop"
    shop.mkdir()
    (shop / "intents.yaml").write_text(
        "spelling: [invoice, refund]\nas_written: [refuse]\n"
        "intents:\n  refund:\n    tool: refund\n    examples: [give me my money back]\n"
    )
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / "intents.yaml").write_text(
        "spelling: [Refund!]\nintents:\n  hi:\n    answer: words\n    examples: [hello]\n"
    )
    found = declared([("shop", shop), ("odd", odd)])
    assert found.spelling == {
        "shop": Spelling(frozenset({"invoice", "refund"}), frozenset({"refuse"}))
    }
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
