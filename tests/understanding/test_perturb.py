"""The rewording harness (perturb.py): each rewording keeps what it must and is the same every
run, and the learn part's plans on a small slice survive the dictated one (a floor, a ratchet
like the corpus's own)."""

from __future__ import annotations

import asyncio

from tests.understanding.cases import load_part, stratified
from tests.understanding.perturb import measure, variants
from tests.understanding.perturbations import KINDS, chatty, dictated, numbers, seed_of, typo

DICTATED_FLOOR = 0.9
"""Of the slice's passing cases, the share whose dictated variant still passes."""


def test_dictation_lowers_and_drops_punctuation_but_keeps_numbers_and_addresses() -> None:
    said = dictated("Payment on $address2, at 6.5% with $40,000 down? Thanks!", 1)
    assert said == "payment on $address2 at 6.5% with $40,000 down thanks"


def test_a_typo_is_deterministic_and_bends_one_long_word_only() -> None:
    message = "show me something bigger around Pflugerville"
    first, again = typo(message, seed_of("x.yaml:3")), typo(message, seed_of("x.yaml:3"))
    assert first == again and first != message
    changed = [a for a, b in zip(message.split(), first.split(), strict=True) if a != b]
    assert changed == ["something"] or changed == ["bigger"]


def test_counts_turn_between_words_and_digits_and_other_numbers_stay() -> None:
    assert numbers("two bedrooms under 400k", 0) == "2 bedrooms under 400k"
    assert numbers("3 beds in 78745, $2 fee", 0) == "three beds in 78745, $2 fee"
    assert numbers("the house at 1200 Oak", 0) is None


def test_a_number_word_inside_a_longer_spoken_number_stays() -> None:
    assert numbers("at seven point five percent", 0) is None
    assert numbers("forty five days on the market", 0) is None
    assert numbers("six point five percent and three bedrooms", 0) == (
        "six point five percent and 3 bedrooms"
    )


def test_a_wrapper_keeps_the_message_whole() -> None:
    assert "I want a condo" in chatty("I want a condo", 0)


def test_each_case_gets_one_rewording_in_turn_unless_every_one_is_asked() -> None:
    cases = load_part("learn")[:30]
    assert len(variants(cases, list(KINDS), per_case=1)) == len(cases)
    assert len(variants(cases, list(KINDS))) > len(cases)


def test_the_dictated_rewording_keeps_most_plans_of_a_small_slice() -> None:
    slice_ = stratified(load_part("learn"), 40)
    _, tried = asyncio.run(measure(slice_, ["dictated"], None))
    still = sum(outcome.passed for _, outcome in tried)
    assert tried and still / len(tried) >= DICTATED_FLOOR, [
        (variant.case.say, outcome.expected) for variant, outcome in tried if not outcome.passed
    ]
