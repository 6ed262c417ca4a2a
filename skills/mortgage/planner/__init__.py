"""Offline planner of the mortgage skill (contract C2): agent-side, plain data, no agent imports.

Handles "what would the second one cost per month with 20% down at 6.5%?" (the price and HOA of
a home from an earlier listings/detail result), "what price can I afford at $3,000 a month?" and
"what if I put 10% down?" after an estimate (the previous estimate with what changed). Only the
user's words and earlier structured results are read, never tool text.
"""

from __future__ import annotations

import re
from typing import Any

from .budget import budget_price
from .estimate_text import describe_estimate, usd
from .homes import ORDINAL, SUPERLATIVE, home_args, names_a_home, on_screen, referenced_homes
from .income import HOUSING_SHARE, budget_from_income, yearly_income
from .intent import led_elsewhere, sure_intent
from .terms import DOWN_AMT, HOA, MONEY, budget_like, money, monthly_budget, stated_terms
from .words import plain_words

PRIORITY = 10  # before the home-search planner: "what would the second one cost" is ours
DEFAULT_RATE = 6.5  # used, and said, when neither the message nor an earlier estimate gives one

_PAYMENT = re.compile(
    r"\b(per month|a month|each month|every month|monthly|mortgage|payments?|financing)\b|"
    r"\b(?:what|how much) (?:would|will|do|does|should) (?:i|we) (?:pay|be paying|owe)\b"
)
_SAME = re.compile(
    r"\b(?:the )?same (?:for|on|with|numbers for|thing for)\b|\bditto for\b|"
    r"\b(?:the )?same (?:calcul\w*|calc|math|numbers|estimate|thing)\W*$"
)
"""The last estimate's terms asked again for another home."""
_HOME_COST = re.compile(
    r"\btax(?:es)?\b|\bhoa\b|\bhome ?owners'? association\b|\bassociation (?:fees?|dues)\b"
)
"""A cost of owning a home: asked about the home on screen, its payment estimate shows it."""
_OTHER_HOMES = re.compile(
    r"\b(?:homes|houses|condos|town ?homes|town ?houses|listings|properties|places)\b|"
    r"\bwithout\b|\bno hoa\b|\bstand for\b|\bmean\b|\bwhat(?: is|'s) an?\b"
)
"""...unless the message is about other homes (a search) or asks what the word means."""
_HOME_FACT = re.compile(
    r"\btax rate\b|\b(?:is|are) there (?:an? |any )?hoa\b(?! fees?\b| dues\b)|"
    r"\b(?:have|has|got|any|with) (?:an? )?hoa\b(?! fees?\b| dues\b)|\bhoa or not\b|"
    r"\bwhat(?:'s| is|s) the hoa (?:on|for|of|with) (?:it|this|that|the)\b"
)
"""...or asks a fact the home's own details hold: whether it has an HOA, its tax rate (the
fee or the taxes in dollars, "on top of" a payment, stay an estimate's)."""
_AFFORD = re.compile(
    r"\bafford\b|\bhow much (?:house|home)\b|\bmax(?:imum)? (?:house |home )?price\b|"
    r"\bprice range\b|\b(?:what|which) (?:price|can i (?:buy|get))\b|\bhow expensive\b|"
    r"\bprice of (?:a )?(?:house|home) is possible\b|\benough for\b|\bwhat does .* buy\b|"
    r"\bmax(?:imum)? (?:purchase|buying) price\b|"
    r"\b(?:home|house|place|price) (?:i|we) (?:could|can) (?:get|buy|afford|pay)\b"
)
_ASKS_PRICE = re.compile(r"\bprice\b|\bhow much\b|\bbudget\b|\bwhat (?:can|could) (?:i|we)\b")
"""With a yearly income said, a question of a price is one of affordability."""
_LEAD = (
    r"^\W*(?:(?:and|ok|okay|so|well|hmm|then|alright|now|hi|hello|hey|again|there|thx|"
    r"(?:thanks|thank you)(?: so much| a lot)?|great|cool|perfect|"
    r"good (?:morning|afternoon|evening))\W+)*"
)
"""Courtesy and joining words before a follow-up ("hello again. and at 6%?", "thx. and for 15
yrs?", "ok so what if ...")."""
_WHAT_IF = re.compile(
    rf"{_LEAD}(?:(?:what|how) about|what if)\b|{_LEAD}(?:what )?if (?:we|i|you|(?:the )?rates?)\b|"
    rf"{_LEAD}(?:(?:at|with|for|over) )?\d|^\s*include\b|{_LEAD}(?:with|at) \w|"
    rf"{_LEAD}(?:make it|try|same(?: thing)?,? but|instead)\b|"
    r"\bif (?:the |my |our )?(?:interest|rate|down payment|loan|term)\b|"
    r"\b(?:make|do|redo|repeat) (?:the|a|this|that) (?:calcul\w*|calc|math)\b|"
    rf"{_LEAD}(?:(?:the|an?|my) )?(?:interest(?: rate)?|rate)s?\b|"
    rf"{_LEAD}(?:(?:can|could|would) you |please |let'?s )?(?:change|switch|lower|raise|drop|bump|"
    r"redo|recalculate|recalc|rerun|update|increase|decrease|adjust|use|go with)\b"
)


_PRICED_AT = re.compile(
    r"\b(?:price|priced|cost|costs|sold|sells|sell|offer|offered|paid|pay|bought|went|goes|go|"
    r"listed|take|accept|negotiate\w*|got (?:it|them) (?:down )?(?:to|for))\b"
)
_SUPPOSED = re.compile(r"\b(?:what if|if|suppose|supposing|say|assuming|let'?s say)\b")
"""Words that give an amount as the home's price in a what-if ("what if the price was 250k",
"say we got it down to 255k"): the last estimate again at that price."""


_JUDGED = re.compile(
    r"\b(?:payments?|monthly|mortgage|estimate)\b (?:is|are|was|seems?|looks?|sounds?) "
    r"(?:(?:way|much|a bit|a little|too|so|really|very|quite|kind of|pretty) )*"
    r"(?:much|high|expensive|steep|a lot|big|pricey|heavy)\b"
)
"""The estimate judged ("this payment is too much, show me cheaper houses"): no estimate
asked, whatever else the message asks."""


def _last_estimate(earlier: list[dict[str, Any]]) -> dict[str, Any] | None:
    for result in reversed(earlier):
        if result.get("type") == "mortgage":
            return result
    return None


def _affordability(text: str, terms: dict[str, Any], note: str) -> dict[str, Any]:
    monthly = monthly_budget(text)
    from_income = None if monthly else budget_from_income(text)
    budget = MONEY.search(text)
    if not (monthly or from_income or budget):
        return {"calls": [], "note": "What monthly budget should I work with?"}
    for kept in ("down_payment", "hoa_monthly", "term_years"):
        terms.pop(kept, None)  # the tool takes a share of the price, not an amount
    if monthly:
        amount = money(monthly.group(1) or monthly.group(3), monthly.group(2) or monthly.group(4))
    elif from_income is not None:
        amount = from_income
    else:
        assert budget is not None
        amount = money(budget.group(1) or budget.group(3), budget.group(2) or budget.group(4))
    args = {"monthly_budget": amount, **terms}
    return {"calls": [{"name": "mortgage_affordability", "args": args}], "note": note}


def _names_budget(text: str) -> bool:
    """An amount that can be a monthly budget, or a yearly income to take one from."""
    return budget_like(text) or yearly_income(text) is not None


def _asks_home_cost(text: str, earlier: list[dict[str, Any]]) -> bool:
    """A tax or HOA question about the home on screen ("how much are the property taxes?")."""
    about = bool(_HOME_COST.search(text)) and not _OTHER_HOMES.search(text)
    about = about and not _HOME_FACT.search(text)
    return about and on_screen(earlier) is not None


def _down_on_a_home(text: str, earlier: list[dict[str, Any]], stated: dict[str, Any]) -> bool:
    """A down payment said of the open home or a shown one named ("what if I put 50k down",
    "20% down on the third one"): only a loan has one, so it asks that home's payment."""
    if not {"down_payment", "down_payment_percent"} & set(stated):
        return False
    return on_screen(earlier) is not None or names_a_home(text, earlier)


def _previous_args(previous: dict[str, Any], stated: dict[str, Any]) -> dict[str, Any]:
    """The last estimate's inputs, for "what if I put 10% down?"."""
    args: dict[str, Any] = {
        k: previous[k] for k in ("price", "term_years", "label") if k in previous
    }
    if "property_tax" not in previous.get("estimates", ["property_tax"]):
        args["property_tax_rate_percent"] = previous["tax_rate_percent"]
    if "down_payment" not in stated:
        args["down_payment_percent"] = previous.get("down_payment_percent", 20)
    if previous.get("monthly", {}).get("hoa"):
        args["hoa_monthly"] = previous["monthly"]["hoa"]
    return args


_OFFERED = re.compile(r"\b(?:offer(?:ed|ing)?|bid|put in|got (?:it|them) (?:down )?(?:to|for))\b")
"""An offer supposed on the open home ("what if we offer 250k"): its payment at that price."""


def _priced_again(
    text: str,
    previous: dict[str, Any] | None,
    stated: dict[str, Any],
    earlier: list[dict[str, Any]],
) -> dict[str, Any] | None:
    """ "What if the price was 250k" after a payment estimate: its terms at that price; "what if
    we offer 250k" with a home open: that home's payment at that price."""
    price = MONEY.search(HOA.sub("", DOWN_AMT.sub("", text)))
    if price is None or not _SUPPOSED.search(text):
        return None
    if previous and previous.get("kind") == "payment" and _PRICED_AT.search(text):
        args = _previous_args(previous, stated)
    elif (home := on_screen(earlier)) is not None and _OFFERED.search(text):
        args = home_args(home)
    else:
        return None
    args = {k: v for k, v in args.items() if k != "label"}
    return {
        **args,
        "price": money(price.group(1) or price.group(3), price.group(2) or price.group(4)),
    }


def _same_again(text: str, previous: dict[str, Any] | None) -> bool:
    """ "The same for the third one" after a payment estimate: that estimate's terms again."""
    return bool(previous and previous.get("kind") == "payment" and _SAME.search(text))


def _terms(
    text: str, stated: dict[str, Any], previous: dict[str, Any] | None
) -> tuple[dict[str, Any], str]:
    """The loan terms to price with, and a note when the rate is assumed: those stated, the
    last estimate's rate (and its other terms for "the same for..."), else DEFAULT_RATE."""
    terms = dict(stated)
    if _same_again(text, previous):
        assert previous is not None
        kept = ("down_payment_percent", "term_years")
        terms = {**{k: previous[k] for k in kept if k in previous}, **terms}
    if "rate_percent" in terms:
        return terms, ""
    if previous:
        return {**terms, "rate_percent": previous["rate_percent"]}, ""
    return {**terms, "rate_percent": DEFAULT_RATE}, f"assuming a {DEFAULT_RATE}% interest rate"


def plan(turn: dict[str, Any]) -> dict[str, Any] | None:
    """A mortgage_payment or mortgage_affordability call, or None when the message isn't ours.
    The words decide; the nearest intent adds the wish when they say it in other words ("how
    pricey a home is that", "what would I shell out each month")."""
    text = plain_words(str(turn.get("text", "")))
    if _JUDGED.search(text) and not stated_terms(text):
        return None
    tools = turn.get("tools") or []
    earlier = turn.get("earlier") or []
    preferences = turn.get("preferences") or {}
    stated = stated_terms(text)
    previous = _last_estimate(earlier)
    terms, note = _terms(text, stated, previous)
    monthly = monthly_budget(text)
    intent = sure_intent(turn)
    wants_price = _AFFORD.search(text) or (monthly and not names_a_home(text, earlier))
    wants_price = wants_price or (intent == "affordability" and _names_budget(text))
    wants_price = wants_price or (yearly_income(text) and _ASKS_PRICE.search(text))
    if wants_price and "mortgage_affordability" in tools:
        if not _names_budget(text) and (led_elsewhere(turn) or MONEY.search(text)):
            return None  # "what was the max price I gave you", "maximum price 480 thousand"
        return _affordability(text, terms, note)
    if "mortgage_payment" not in tools:
        return None
    found = _payment_args(text, earlier, stated, previous, intent == "monthly_payment")
    if found == [] and _PAYMENT.search(text) and (budget := budget_price(text, preferences)):
        found = [{"price": budget}]  # "with my budget, what's the monthly at 7%?"
    if isinstance(found, str):
        return {"calls": [], "note": found}
    if not found:
        return None
    calls = [{"name": "mortgage_payment", "args": {**args, **terms}} for args in found]
    return {"calls": calls, "note": note}


def _payment_args(
    text: str, earlier: list[dict[str, Any]], stated: dict[str, Any], previous: Any, intended: bool
) -> list[dict[str, Any]] | str:
    """The homes (or the price) a payment question is about, one set of arguments each; a
    sentence when it cannot be estimated; [] when the message is not a payment question.
    `intended`: the nearest intent is a payment, said with loan terms."""
    # "cost" alone is a price question ("homes that cost under 400k"); with loan terms it is ours
    asks_cost = bool(_PAYMENT.search(text)) or ("cost" in text and bool(stated))
    asks_cost = asks_cost or (intended and bool(stated))
    asks_cost = asks_cost or _asks_home_cost(text, earlier) or _same_again(text, previous)
    asks_cost = asks_cost or _down_on_a_home(text, earlier, stated)
    price = MONEY.search(HOA.sub("", DOWN_AMT.sub("", text))) if asks_cost else None
    what_if = (
        previous and previous.get("kind") == "payment" and (_WHAT_IF.search(text) or asks_cost)
    )
    named = ORDINAL.search(text) or SUPERLATIVE.search(text)
    if what_if and stated and not named and (price is None or "hoa_monthly" in stated):
        return [_previous_args(previous, stated)]  # "and at 6%?", "include a $150 HOA in that"
    if not named and (repriced := _priced_again(text, previous, stated, earlier)):
        return [repriced]
    homes = referenced_homes(text, earlier) if asks_cost else []
    if asks_cost and not homes and price is None and (shown := on_screen(earlier)):
        homes = [shown]  # "what would the payment be?" after a home's detail
    if homes:
        if not all(home.get("price") for home in homes):
            return "That listing has no price, so I can't estimate a payment."
        return [home_args(home) for home in homes]
    if price is not None:
        return [
            {"price": money(price.group(1) or price.group(3), price.group(2) or price.group(4))}
        ]
    return []


def answer(turn: dict[str, Any]) -> str | None:
    """The answer for this turn's mortgage outcomes, or None when there were none."""
    text = plain_words(str(turn.get("text", "")))
    assumed = "rate_percent" not in stated_terms(text) and not _last_estimate(
        turn.get("earlier") or []
    )
    lines = []
    for outcome in turn.get("outcomes") or []:
        if not str(outcome.get("tool", "")).startswith("mortgage_"):
            continue
        result = outcome.get("result")
        if outcome.get("ok") and isinstance(result, dict) and result.get("type") == "mortgage":
            lines.append(describe_estimate(result))
            if result.get("kind") == "affordability" and (income := yearly_income(text)):
                lines[-1] += (
                    f" I took {HOUSING_SHARE:.0%} of your yearly income of {usd(income)} as the "
                    "monthly housing budget, the share lenders commonly allow."
                )
            if assumed:
                lines[-1] += (
                    f" I assumed a {result['rate_percent']:g}% rate; tell me yours to refine it."
                )
        else:
            lines.append(f"I couldn't calculate that: {outcome.get('error', 'unknown error')}")
    return "\n\n".join(lines) or None


def state_lines(results: list[dict[str, Any]]) -> list[str]:
    """The latest estimate, so a real model can say "what if I put 10% down?" about it."""
    last = _last_estimate(results)
    if last is None:
        return []
    what = last.get("label") or usd(last["price"])
    return [
        f"Last mortgage estimate ({last['kind']}): {what}, price {usd(last['price'])}, "
        f"{last['down_payment_percent']:g}% down, {last['rate_percent']:g}%, "
        f"{last['term_years']:g} years, {usd(last['monthly']['total'])} a month"
    ]


def hints(results: list[dict[str, Any]]) -> list[str] | None:
    """Follow-ups after an estimate; None when the last result is not ours."""
    if not results or results[-1].get("type") != "mortgage":
        return None
    down = results[-1].get("down_payment_percent", 20)
    other_down = 10 if down != 10 else 20
    return [
        f"What if I put {other_down}% down?",
        "What about a 15-year loan?",
        "What price can I afford at $3,000 a month?",
    ]
