"""A yearly income said in an affordability question ("we earn 120k a year, what can we
afford?"): the tool takes a monthly budget, so the planner offers the share of the income a
lender usually allows for housing (the front-end ratio) and says so."""

from __future__ import annotations

import re

from .terms import money

HOUSING_SHARE = 0.28
"""The "28% rule": lenders commonly cap the monthly housing cost at 28% of gross income."""
LEAST_INCOME = 10_000
"""An amount after "earn" or "income" below this is no yearly income ("we make 3k a month")."""

_AMOUNT = r"\$?\s?(\d[\d,]*(?:\.\d+)?)\s*([km](?![a-z]))?\s*(?:dollars?\s*)?"
_YEARLY = re.compile(
    _AMOUNT + r"(?:(?:a|per|each|every|/)\s?(?:year|yr|annum)\b|annually\b|yearly\b)"
)
_EARNS = re.compile(
    r"\b(?:income|salary|earn\w*|make|making|bring(?:ing)? (?:in|home)|gross)"
    r"(?:\s+(?:is|of|about|around|roughly|like|together|combined|between us))*\s+" + _AMOUNT
    + r"(?!\s*(?:a|per|each|every|/)\s?mo)"
    r"(?!\s*(?:the|my|our) (?:new |top |home )?(?:budget|max|limit|cap|ceiling|price)\b)"
)  # fmt: skip
"""The amount after a word of earning, unless it is said a month or made the budget ("make
425 my budget", "make 380k our budget": no income; the "m" of "my" is no million)."""


_NAMED_INCOME = re.compile(
    _AMOUNT + r"(?:(?:gross|yearly|annual|household|combined|joint|take[- ]home) )?"
    r"(?:salary|salaries|income)\b"
)
"""An amount named an income after it ("on a 120k salary", "with 150k household income")."""


def yearly_income(text: str) -> float | None:
    """The yearly income the message states, or None."""
    if m := _YEARLY.search(text):
        return money(m.group(1), m.group(2))
    for earned in (_NAMED_INCOME, _EARNS):
        if (m := earned.search(text)) and (amount := money(m.group(1), m.group(2))) >= LEAST_INCOME:
            return amount
    return None


def budget_from_income(text: str) -> float | None:
    """The monthly housing budget HOUSING_SHARE of the stated yearly income allows."""
    income = yearly_income(text)
    return None if income is None else round(income / 12 * HOUSING_SHARE)
