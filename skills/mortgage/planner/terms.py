"""Loan terms and amounts the message states: a down payment (a share or an amount), a rate, a
term, an HOA, a price, a monthly budget."""

from __future__ import annotations

import re
from typing import Any

from .loan_words import SPOKEN

MONEY = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)\s*([km])?\b|\b(\d[\d,]*(?:\.\d+)?)\s*([km])\b")
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s?(?:%|percent|pct|apr\b|(?= (?:interest|flat|rate)\b))")
"""A share or a rate: "6%", "7pct", "6.5 APR", "at 7 flat", "a 6.9 rate"."""
_UPFRONT = r"up ?front\b|at (?:the )?(?:start|beginning|signing|closing)\b"
"""Words after an amount paid before the loan: a down payment."""
_DOWN_AFTER = re.compile(
    rf"\s*(?:down\b|{_UPFRONT}|first\b|as (?:a )?down|for (?:a |the )?down|to put down\b)"
)
_DOWN_BEFORE = re.compile(
    r"(?:down ?payment (?:of|is|to|=|:)|put|putting|pay|give)\s*(?:down\s*)?$"
)
DOWN_AMT = re.compile(
    r"(?:\$\s?(\d[\d,]*(?:\.\d+)?)\s*([km])?|\b(\d[\d,]*(?:\.\d+)?)\s*([km]))\s*"
    rf"(?:down\b|{_UPFRONT}|(?:saved (?:up )?)?(?:for|as) (?:a |the )?down ?payment)"
)
_BARE_DOWN = re.compile(r"(?<![\d.,$])(\d{1,2}(?:\.\d{1,2})?)\s+down\b")
"""'20 down' is 20% down, '3.5 down' 3.5%; '0 down' none."""
_DOWN_TO = re.compile(
    r"\bdown ?payment (?:of |to |at |is |be |=\s*|:\s*)?(\d{1,2}(?:\.\d{1,2})?)\b"
    r"(?![.,]?\d|\s*(?:k\b|m\b|thousand|grand|%|percent|years?|yrs?))"
)
"""'down payment to 10', 'make the down payment 15': a share of the price said bare."""
MAX_RATE = 20
_NOT_A_RATE = (
    r"\s*(?:k\b|years?\b|yrs?\b|am\b|pm\b|:|o'?clock|down\b|bed|bath|br\b|ba\b|stor|%)|"
    r" \w+ (?:st|street|ave|avenue|dr|drive|rd|road|ln|lane)\b"
)
"""What after a number makes it no rate: thousands, a term, a clock, a share down, a count of
rooms, a street number."""
_BARE_RATE = re.compile(
    r"\bat\s+(?:(?:around|about|roughly|like)\s+)?"
    rf"(\d{{1,2}}(?:\.\d{{1,3}})?|{'|'.join(SPOKEN)})\b(?![.,]\d|{_NOT_A_RATE})|"
    r"\b(?:make it|try|how about|what about)\s+"
    rf"(\d{{1,2}}(?:\.\d{{1,3}})?)\b(?![.,]\d|{_NOT_A_RATE}| ?(?:percent|down|years?|yrs?)\b)|"
    r"\b(?:rates?|interest)(?: rates?)?"
    r"(?: (?:is|are|was|were|of|at|would be|becomes?|go(?:es)?|went|drops?|dropped|falls?|fell|"
    r"rises?|rose|down|up|to|around|about|roughly|like|near|seems?|seemed|be|currently|now|"
    r"(?:sitting|hovering|running|floating|hanging|stuck|somewhere)(?: at| around| near)?))*"
    rf"\s+(\d{{1,2}}(?:\.\d{{1,3}})?|{'|'.join(SPOKEN)})\b(?![.,]\d|{_NOT_A_RATE})|"
    r"(?<![\d$.,])(\d{1,2}\.\d{1,3})\s*[?.!]*\s*$"
)
"""A rate without "%": a number after "at" ("at 6.25", "at seven"), after "make it" or "how
about" ("make it 6.2"), after "rate" or "interest" ("what if the rate was 7", "if rates
drop to 5.5", "rates are around seven", "interest is sitting around 6.375"), or a number with decimals ending the message
("mortgage 280000, 20 down, 6.25"); 20 at most."""
_TERM = re.compile(r"(\d{1,2})[- ]?(?:year|yr)|(?<!at )\b(10|15|20|30|40)[- ]fixed\b")
"""A term: "30 year", "15yr", "a 30 fixed"."""
MONTHLY = re.compile(
    r"\$?\s?(\d[\d,]*(?:\.\d+)?)\s*([k])?\s*(?:dollars?\s*)?(?:a|per|each|every) month\b"
    r"|\$?\s?(\d[\d,]*(?:\.\d+)?)\s*([k])?\s*monthly\b"
)
"""An amount a month: a budget to afford with, never a home's price (`monthly_budget`)."""
HOA = re.compile(
    r"(?:\$\s?|(?<![\d$.,])(?=\d{2,4}\s))(\d[\d,]*)\s*(?:(?:a|per) month\s*|monthly\s*)?hoa\b|"
    r"\bhoa (?:of|is|fee of)\s*\$?\s?(\d[\d,]*)"
)
"""A monthly HOA fee: "$150 hoa", "a 200 hoa", "hoa of 95"."""


def monthly_budget(text: str) -> re.Match[str] | None:
    """An amount a month said as a budget: not the HOA fee ("a 150 monthly hoa", "hoa is 80
    a month") nor a home's price asked monthly ("how much for 350k monthly")."""
    for found in MONTHLY.finditer(HOA.sub(" ", text)):
        amount = money(found.group(1) or found.group(3), found.group(2) or found.group(4))
        if amount <= MAX_MONTHLY:
            return found
    return None


def money(number: str, suffix: str | None) -> float:
    value = float(number.replace(",", ""))
    return value * {"k": 1e3, "m": 1e6}.get((suffix or "").lower(), 1)


def stated_terms(text: str) -> dict[str, Any]:
    """Loan terms the message states: down payment (a share or an amount), rate, term."""
    args: dict[str, Any] = {}
    for m in _PERCENT.finditer(text):
        value = float(m.group(1))
        if _DOWN_AFTER.match(text, m.end()) or _DOWN_BEFORE.search(text[: m.start()]):
            args.setdefault("down_payment_percent", value)
        elif value <= MAX_RATE:
            args.setdefault("rate_percent", value)
    if "down_payment_percent" not in args and (m := DOWN_AMT.search(text)):
        args["down_payment"] = money(m.group(1) or m.group(3), m.group(2) or m.group(4))
    elif "down_payment_percent" not in args and (
        m := _BARE_DOWN.search(text) or _DOWN_TO.search(text)
    ):
        args["down_payment_percent"] = float(m.group(1))
    if "rate_percent" not in args and (m := _BARE_RATE.search(text)):
        said = next(group for group in m.groups() if group)
        if (rate := float(SPOKEN.get(said) or said)) <= MAX_RATE:
            args["rate_percent"] = rate
    if m := _TERM.search(text):
        args["term_years"] = int(m.group(1) or m.group(2))
    if m := HOA.search(text):
        args["hoa_monthly"] = float((m.group(1) or m.group(2)).replace(",", ""))
    return args


MAX_MONTHLY = 50_000
"""An amount above this, said without "a month", is a home's price, never a monthly budget
("a condo, maximum 350000 dollars" is a search's limit)."""


def budget_like(text: str) -> bool:
    """Whether the message names an amount that can be a monthly budget (a down payment
    cannot)."""
    if monthly_budget(text):
        return True
    budget = MONEY.search(DOWN_AMT.sub("", text))
    if budget is None:
        return False
    return (
        money(budget.group(1) or budget.group(3), budget.group(2) or budget.group(4)) <= MAX_MONTHLY
    )
