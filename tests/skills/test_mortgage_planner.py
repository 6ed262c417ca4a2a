"""The mortgage skill's offline planner (C2), loaded as the core loads it."""

from __future__ import annotations

import pytest

from tests.skills.mortgage_words import ESTIMATE, LISTINGS, TOOLS, planner, turn


def test_it_is_asked_before_the_home_search_planner() -> None:
    assert planner.PRIORITY < 50


def test_second_listing_with_down_payment_and_rate() -> None:
    plan = planner.plan(
        turn("What would the second one cost per month with 20% down at 6.5%?", [LISTINGS])
    )
    assert plan["calls"] == [
        {
            "name": "mortgage_payment",
            "args": {
                "price": 425_000,
                "label": "2 Elm St, Austin, TX",
                "hoa_monthly": 45,
                "property_tax_rate_percent": 2.21,
                "down_payment_percent": 20.0,
                "rate_percent": 6.5,
            },
        }
    ]
    assert plan["note"] == ""


def test_affordability_at_a_monthly_budget_assumes_and_says_a_rate() -> None:
    plan = planner.plan(turn("What price can I afford at $3,000 a month?"))
    assert plan["calls"] == [
        {"name": "mortgage_affordability", "args": {"monthly_budget": 3000.0, "rate_percent": 6.5}}
    ]
    assert "assuming a 6.5% interest rate" in plan["note"]


def test_what_if_reuses_the_last_estimate() -> None:
    estimate = ESTIMATE | {"monthly": {"hoa": 45, "total": 2200}}
    plan = planner.plan(turn("What if I put 10% down?", [LISTINGS, estimate]))
    assert plan["calls"][0]["args"] == {
        "price": 425_000,
        "term_years": 30,
        "label": "2 Elm St",
        "property_tax_rate_percent": 2.21,
        "down_payment_percent": 10.0,
        "hoa_monthly": 45,
        "rate_percent": 6.5,
    }
    estimated = estimate | {"tax_rate_percent": 1.98, "estimates": ["property_tax", "insurance"]}
    again = planner.plan(turn("What if I put 10% down?", [LISTINGS, estimated]))
    assert "property_tax_rate_percent" not in again["calls"][0]["args"]


@pytest.mark.parametrize(
    "text",
    [
        "find me a 3-bed house in Austin under $500k",
        "show me homes that cost less than 400k",
        "what time is it in Tokyo?",
        "tell me more about the second one",
    ],
)
def test_messages_for_other_skills_are_left_alone(text: str) -> None:
    assert planner.plan(turn(text, [LISTINGS])) is None


def test_unknown_reference_is_not_claimed() -> None:
    assert planner.plan(turn("what would the fifth one cost per month?", [LISTINGS])) is None


def test_answer_itemises_and_names_what_is_left_out() -> None:
    result = {
        "type": "mortgage",
        "kind": "payment",
        "price": 425_000,
        "label": "2 Elm St",
        "down_payment": 85_000,
        "down_payment_percent": 20,
        "rate_percent": 6.5,
        "term_years": 30,
        "monthly": {
            "principal_interest": 2149.03,
            "property_tax": 701.25,
            "insurance": 177.08,
            "hoa": 0,
            "total": 3027.36,
        },
        "tax_rate_percent": 1.98,
        "estimates": ["property_tax", "insurance"],
        "not_included": ["hoa"],
    }
    outcomes = [{"tool": "mortgage_payment", "ok": True, "result": result}]
    text = planner.answer({"text": "the second one at 6.5% per month?", "outcomes": outcomes})
    assert text.startswith(
        "With 20% down ($85,000) at 6.5% over 30 years, 2 Elm St would cost about $3,027 a month"
    )
    assert "$2,149 principal and interest, $701 property tax (estimate), $177 insurance" in text
    assert text.endswith("Not included: HOA.")
    assumed = planner.answer({"text": "and the second one per month?", "outcomes": outcomes})
    assert assumed.endswith("I assumed a 6.5% rate; tell me yours to refine it.")
    failed = planner.answer(
        {"outcomes": [{"tool": "mortgage_payment", "ok": False, "error": "bad rate"}]}
    )
    assert failed == "I couldn't calculate that: bad rate"
    assert (
        planner.answer({"outcomes": [{"tool": "search_properties", "ok": True, "result": {}}]})
        is None
    )
    assert planner.hints([result])[0] == "What if I put 10% down?"
    assert planner.hints([LISTINGS]) is None
    assert "2 Elm St, price $425,000, 20% down" in planner.state_lines([LISTINGS, result])[0]


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("what could I buy with 2800 a month", 2800),
        ("how expensive a place is ok for $3,100 per month?", 3100),
        ("i can do 3500/month, wat price can i aford", 3500),
    ],
)
def test_a_monthly_amount_is_a_budget_to_afford_with(text: str, budget: float) -> None:
    plan = planner.plan(turn(text))
    assert [c["name"] for c in plan["calls"]] == ["mortgage_affordability"]
    assert plan["calls"][0]["args"]["monthly_budget"] == budget


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        (
            "monthly payment on the third one putting fifteen percent down at seven percent",
            {"down_payment_percent": 15, "rate_percent": 7},
        ),
        (
            "montly paymnt on the third one, 10 down, at 6.9",
            {"down_payment_percent": 10, "rate_percent": 6.9},
        ),
        (
            "what's the mortgage on the third one with $80,000 as a down payment at 6%",
            {"down_payment": 80_000, "rate_percent": 6},
        ),
        (
            "whats the mortage on the third one with 15% down at 6%",
            {"down_payment_percent": 15, "rate_percent": 6},
        ),
    ],
)
def test_loan_terms_in_peoples_own_words(text: str, terms: dict[str, float]) -> None:
    plan = planner.plan(turn(text, [LISTINGS]))
    args = plan["calls"][0]["args"]
    assert args["price"] == 480_000
    assert {key: args.get(key) for key in terms} == terms


def test_several_homes_get_an_estimate_each() -> None:
    plan = planner.plan(turn("monthly payment for the first and the third one", [LISTINGS]))
    assert [c["args"]["price"] for c in plan["calls"]] == [350_000, 480_000]


def test_thousands_said_as_grand_or_in_words_are_amounts() -> None:
    payment = planner.plan(turn("monthly payment on 350 grand with 15 percent down at 6 percent"))
    assert payment["calls"][0]["args"]["price"] == 350_000
    budget = planner.plan(turn("what can i afford at two thousand a month"))
    assert budget["calls"][0]["args"]["monthly_budget"] == 2_000


def test_the_nearest_intent_adds_the_wish_the_words_do_not_name() -> None:
    text = "what would I shell out on 350 grand with 15 percent down"
    assert planner.plan(turn(text)) is None
    near = [{"name": "monthly_payment", "score": 0.6}, {"name": "affordability", "score": 0.52}]
    plan = planner.plan(turn(text, intents=near, intent_elsewhere=0.4))
    assert [(c["name"], c["args"]["price"]) for c in plan["calls"]] == [
        ("mortgage_payment", 350_000)
    ]
    unsure = [{"name": "monthly_payment", "score": 0.45}]
    assert planner.plan(turn(text, intents=unsure, intent_elsewhere=0.4)) is None


def test_an_amount_too_large_for_a_month_is_no_budget_even_near_affordability() -> None:
    near = [{"name": "affordability", "score": 0.68}, {"name": "monthly_payment", "score": 0.5}]
    limit = turn("maximum 350000 dollars", intents=near, intent_elsewhere=0.53)
    assert planner.plan(limit) is None
    budget = planner.plan(turn("maximum 3,000 dollars", intents=near, intent_elsewhere=0.53))
    assert budget["calls"][0]["args"]["monthly_budget"] == 3_000


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("P&I on 380k 30yr 6.75%", {"price": 380_000, "rate_percent": 6.75, "term_years": 30}),
        ("monthly cost for 275000 with 3.5 percent down", {"price": 275_000}),
        ("run the numbers on the third one", {"price": 480_000}),
        ("monthly on the third one if we put down 50 grand", {"down_payment": 50_000}),
        ("monthly on the third one, down payment of $60,000", {"down_payment": 60_000}),
    ],
)
def test_a_payment_said_in_other_words(text: str, args: dict[str, float]) -> None:
    plan = planner.plan(turn(text, [LISTINGS]))
    found = plan["calls"][0]["args"]
    assert {key: found.get(key) for key in args} == args


def test_a_five_digit_number_is_no_price_and_a_term_question_no_payment() -> None:
    assert planner.plan(turn("monthly payment for homes in 78704")) is None
    assert planner.plan(turn("whats the difference between principal and interest")) is None


def test_a_price_question_naming_no_amount_is_left_to_a_skill_whose_wish_leads() -> None:
    recall = {"text": "what was the max price I gave you", "tools": TOOLS, "earlier": []}
    ours = [{"name": "affordability", "score": 0.54}]
    led_elsewhere = planner.plan({**recall, "intents": ours, "intent_elsewhere": 0.84})
    assert led_elsewhere is None
    asked = planner.plan({**recall, "intents": ours, "intent_elsewhere": 0.5})
    assert asked == {"calls": [], "note": "What monthly budget should I work with?"}


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("thirty five hundred a month, what can we buy", 3500),
        ("what price can i afford at 42 hundred a month", 4200),
        ("how much home do nineteen hundred dollars a month get me", 1900),
    ],
)
def test_hundreds_said_in_words_are_a_monthly_budget(text: str, budget: float) -> None:
    plan = planner.plan(turn(text))
    assert [c["name"] for c in plan["calls"]] == ["mortgage_affordability"]
    assert plan["calls"][0]["args"]["monthly_budget"] == budget


@pytest.mark.parametrize(
    "text", ["monthly on the third one at 6 per cent", "payment on the third at 6 prcent"]
)
def test_percent_spelt_otherwise_is_a_rate(text: str) -> None:
    plan = planner.plan(turn(text, [LISTINGS]))
    assert plan["calls"][0]["args"]["rate_percent"] == 6


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("so if we did a 15 year loan?", 15),
        ("hmm, and if i stretched it to 40 years", 40),
        ("same thing but 20 yrs", 20),
        ("ok make it a 10 year loan", 10),
    ],
)
def test_what_if_said_otherwise_reuses_the_last_estimate(text: str, years: int) -> None:
    estimate = {
        "type": "mortgage",
        "kind": "payment",
        "price": 425_000,
        "down_payment_percent": 20,
        "rate_percent": 6.25,
        "term_years": 30,
        "estimates": ["property_tax"],
        "monthly": {"total": 2600},
    }
    args = planner.plan(turn(text, [LISTINGS, estimate]))["calls"][0]["args"]
    assert (args["price"], args["rate_percent"], args["term_years"]) == (425_000, 6.25, years)


def test_a_maximum_price_too_large_for_a_month_is_no_affordability_question() -> None:
    assert planner.plan(turn("update my search, max price 525 thousand", [LISTINGS])) is None


@pytest.mark.parametrize(
    ("text", "price"),
    [("monthly on #3 at 6.1", 480_000), ("number 2, what's the payment", 425_000)],
)
def test_a_home_named_by_its_number_is_priced(text: str, price: float) -> None:
    assert planner.plan(turn(text, [LISTINGS]))["calls"][0]["args"]["price"] == price


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("payment on six hundred twenty thousand", {"price": 620_000}),
        ("monthly on 400k with forty five thousand down", {"down_payment": 45_000}),
        ("what can i afford at three thousand two hundred a month", {"monthly_budget": 3_200}),
    ],
)
def test_amounts_said_in_words_with_hundreds_and_thousands(
    text: str, args: dict[str, float]
) -> None:
    found = planner.plan(turn(text))["calls"][0]["args"]
    assert {key: found.get(key) for key in args} == args


@pytest.mark.parametrize("text", ["monthly on the second to last one", "penultimate one, payment?"])
def test_the_home_before_the_last_is_priced(text: str) -> None:
    plan = planner.plan(turn(text, [LISTINGS]))
    assert [c["args"]["price"] for c in plan["calls"]] == [425_000]


def test_what_we_would_pay_with_loan_terms_is_a_payment_question() -> None:
    detail = {"type": "detail", "items": [LISTINGS["items"][1]]}
    text = "with 15% down at 6.75 what would we be paying"
    args = planner.plan(turn(text, [LISTINGS, detail]))["calls"][0]["args"]
    assert (args["price"], args["down_payment_percent"], args["rate_percent"]) == (
        425_000,
        15,
        6.75,
    )


def test_a_payment_on_the_saved_budget_prices_it_with_the_budget() -> None:
    """The budget the home search keeps, read through `planner_reads: [preference:...]`."""
    said = "if we max out our total budget, what's the monthly with 10% down at 6%?"
    saved = {"budget_max": "$450,000"}
    found = planner.plan(turn(said, preferences=saved))
    assert found is not None
    assert found["calls"] == [
        {
            "name": "mortgage_payment",
            "args": {"price": 450_000, "down_payment_percent": 10, "rate_percent": 6},
        }
    ]
    assert planner.plan(turn(said)) is None  # no budget saved: not priced from nothing
    named = planner.plan(turn("monthly on 380k with our budget in mind, 6%", preferences=saved))
    assert named is not None and named["calls"][0]["args"]["price"] == 380_000  # said wins
