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
from .words import plain_words

PRIORITY = 10  # before the home-search planner: "what would the second one cost" is ours
DEFAULT_RATE = 6.5  # used, and said, when neither the message nor an earlier estimate gives one

_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10,
}  # fmt: skip
_BEFORE_LAST = r"second[- ](?:to[- ])?last|next[- ]to[- ]last|penultimate"
_ORDINAL = re.compile(
    rf"(?<![\w$.,])((?:{_BEFORE_LAST}|{'|'.join(_ORDINALS)}|last)\b|\d{{1,2}}(?=(?:st|nd|rd|th)\b)|"
    r"(?<=#)\d{1,2}\b|(?<=# )\d{1,2}\b|(?<=number )\d{1,2}\b|(?<=no\. )\d{1,2}\b)"
)
"""A home by its position: "the second", "the 7th", "#4", "number 4", "the second to last"."""


def _index(word: str, count: int) -> int:
    """The 1-based position `word` names among `count` homes."""
    if re.fullmatch(_BEFORE_LAST, word):
        return count - 1
    return count if word == "last" else _ORDINALS.get(word) or int(word)


_SUPERLATIVES = {
    "cheapest": ("price", False), "least expensive": ("price", False),
    "most expensive": ("price", True), "priciest": ("price", True),
    "biggest": ("sqft", True), "largest": ("sqft", True), "smallest": ("sqft", False),
}  # fmt: skip
_SUPERLATIVE = re.compile(rf"\b({'|'.join(_SUPERLATIVES)})\b")
_THIS = re.compile(r"\b(it|this|that)(?: one| home| house| place| property)?\b")
_MONEY = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)\s*([km])?\b|\b(\d[\d,]*(?:\.\d+)?)\s*([km])\b")
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s?(?:%|percent|pct)")
_DOWN_AFTER = re.compile(r"\s*(?:down\b|up ?front\b|first\b|as (?:a )?down|for (?:a |the )?down)")
_DOWN_BEFORE = re.compile(r"(?:down payment (?:of|is)|put|putting|pay|give)\s*(?:down\s*)?$")
_DOWN_AMT = re.compile(
    r"(?:\$\s?(\d[\d,]*(?:\.\d+)?)\s*([km])?|\b(\d[\d,]*(?:\.\d+)?)\s*([km]))\s*"
    r"(?:down\b|(?:for|as) (?:a |the )?down ?payment)"
)
_BARE_DOWN = re.compile(r"\b(\d{1,2})\s+down\b")
"""'20 down' is 20% down; '0 down' none."""
_BARE_RATE = re.compile(r"\b(?:at|rate(?: is| of)?|interest(?: is| of)?)\s+(\d{1,2}\.\d{1,3})\b")
_TERM = re.compile(r"(\d{1,2})[- ]?(?:year|yr)")
_MONTHLY = re.compile(
    r"\$?\s?(\d[\d,]*(?:\.\d+)?)\s*([k])?\s*(?:dollars?\s*)?(?:a|per|each|every) month\b"
    r"|\$?\s?(\d[\d,]*(?:\.\d+)?)\s*([k])?\s*monthly\b"
)
"""An amount a month: a budget to afford with, never a home's price."""
_HOA = re.compile(r"\$\s?(\d[\d,]*)\s*(?:a month\s*)?hoa|\bhoa (?:of|is|fee of)\s*\$?\s?(\d[\d,]*)")
_PAYMENT = re.compile(
    r"\b(per month|a month|each month|every month|monthly|mortgage|payments?)\b|"
    r"\b(?:what|how much) (?:would|will|do|does|should) (?:i|we) (?:pay|be paying|owe)\b"
)
_HOME_COST = re.compile(
    r"\btax(?:es)?\b|\bhoa\b|\bhome ?owners'? association\b|\bassociation (?:fees?|dues)\b"
)
"""A cost of owning a home: asked about the home on screen, its payment estimate shows it."""
_OTHER_HOMES = re.compile(
    r"\b(?:homes|houses|condos|town ?homes|town ?houses|listings|properties|places)\b|"
    r"\bwithout\b|\bno hoa\b|\bstand for\b|\bmean\b|\bwhat(?: is|'s) an?\b"
)
"""...unless the message is about other homes (a search) or asks what the word means."""
_AFFORD = re.compile(
    r"\bafford\b|\bhow much (?:house|home)\b|\bmax(?:imum)? (?:house |home )?price\b|"
    r"\bprice range\b|\b(?:what|which) (?:price|can i (?:buy|get))\b|\bhow expensive\b|"
    r"\bprice of (?:a )?(?:house|home) is possible\b|\benough for\b|\bwhat does .* buy\b"
)
_WHAT_IF = re.compile(
    r"^\s*(?:and |ok,? |okay,? )?(?:what|how) about\b|^\s*what if\b|"
    r"^\s*(?:(?:and|ok|okay|so|well|hmm|then),? )*(?:what )?if (?:we|i|you)\b|"
    r"^\s*(?:and |ok,? |okay,? )?(?:at|with) \d|^\s*include\b|^\s*and (?:with|at)\b|"
    r"^\s*(?:(?:and|ok|okay|so|now),? )?(?:make it|try|same(?: thing)?,? but|instead)\b"
)


def _money(number: str, suffix: str | None) -> float:
    value = float(number.replace(",", ""))
    return value * {"k": 1e3, "m": 1e6}.get((suffix or "").lower(), 1)


def _terms(text: str) -> dict[str, Any]:
    """Loan terms the message states: down payment (a share or an amount), rate, term."""
    args: dict[str, Any] = {}
    for m in _PERCENT.finditer(text):
        value = float(m.group(1))
        if _DOWN_AFTER.match(text, m.end()) or _DOWN_BEFORE.search(text[: m.start()]):
            args.setdefault("down_payment_percent", value)
        elif value <= 20:
            args.setdefault("rate_percent", value)
    if "down_payment_percent" not in args and (m := _DOWN_AMT.search(text)):
        args["down_payment"] = _money(m.group(1) or m.group(3), m.group(2) or m.group(4))
    elif "down_payment_percent" not in args and (m := _BARE_DOWN.search(text)):
        args["down_payment_percent"] = float(m.group(1))
    if "rate_percent" not in args and (m := _BARE_RATE.search(text)):
        args["rate_percent"] = float(m.group(1))
    if m := _TERM.search(text):
        args["term_years"] = int(m.group(1))
    if m := _HOA.search(text):
        args["hoa_monthly"] = float((m.group(1) or m.group(2)).replace(",", ""))
    return args


def _homes(earlier: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The items of the latest listings result and the latest detail item."""
    items: list[dict[str, Any]] = []
    focused = None
    for result in earlier:
        if result.get("type") == "listings":
            items = [i for i in result.get("items") or [] if isinstance(i, dict)]
        elif result.get("type") == "detail" and result.get("items"):
            focused = result["items"][0]
    return items, focused


def _on_screen(earlier: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The home whose detail was the last homes result shown (estimates since do not count):
    what "what would the payment be?" is about when it names no home."""
    for result in reversed(earlier):
        if result.get("type") == "listings":
            return None
        if result.get("type") == "detail" and result.get("items"):
            home = result["items"][0]
            return home if isinstance(home, dict) else None
    return None


def _names_a_home(text: str, earlier: list[dict[str, Any]]) -> bool:
    """The message points at a home shown ("the second one", "this house")."""
    return _referenced_home(text, earlier) is not None or bool(
        _ORDINAL.search(text) or _SUPERLATIVE.search(text)
    )


def _referenced_home(text: str, earlier: list[dict[str, Any]]) -> dict[str, Any] | None:
    items, focused = _homes(earlier)
    if (m := _SUPERLATIVE.search(text)) and items:
        key, highest = _SUPERLATIVES[m.group(1)]
        known = [i for i in items if isinstance(i.get(key), int | float)]
        return (max if highest else min)(known, key=lambda i: i[key]) if known else None
    if m := _ORDINAL.search(text):
        word = m.group(1)
        index = _index(word, len(items))
        return items[index - 1] if 0 < index <= len(items) else None
    if _THIS.search(text):
        return focused or (items[0] if len(items) == 1 else None)
    return None


def _last_estimate(earlier: list[dict[str, Any]]) -> dict[str, Any] | None:
    for result in reversed(earlier):
        if result.get("type") == "mortgage":
            return result
    return None


def _affordability(text: str, terms: dict[str, Any], note: str) -> dict[str, Any]:
    monthly = _MONTHLY.search(text)
    budget = _MONEY.search(text)
    if not (monthly or budget):
        return {"calls": [], "note": "What monthly budget should I work with?"}
    for kept in ("down_payment", "hoa_monthly", "term_years"):
        terms.pop(kept, None)  # the tool takes a share of the price, not an amount
    if monthly:
        amount = _money(monthly.group(1) or monthly.group(3), monthly.group(2) or monthly.group(4))
    else:
        assert budget is not None
        amount = _money(budget.group(1) or budget.group(3), budget.group(2) or budget.group(4))
    args = {"monthly_budget": amount, **terms}
    return {"calls": [{"name": "mortgage_affordability", "args": args}], "note": note}


MAX_MONTHLY = 50_000
"""An amount above this, said without "a month", is a home's price, never a monthly budget
("a condo, maximum 350000 dollars" is a search's limit)."""


def _budget_like(text: str) -> bool:
    """Whether the message names an amount that can be a monthly budget."""
    if _MONTHLY.search(text):
        return True
    budget = _MONEY.search(text)
    if budget is None:
        return False
    return (
        _money(budget.group(1) or budget.group(3), budget.group(2) or budget.group(4))
        <= MAX_MONTHLY
    )


def _home_args(home: dict[str, Any]) -> dict[str, Any]:
    args = {"price": home.get("price"), "label": str(home.get("address") or "")}
    if home.get("hoa_fee"):
        args["hoa_monthly"] = home["hoa_fee"]
    if home.get("tax_rate_percent"):  # the listing's own rate; else the skill's estimate
        args["property_tax_rate_percent"] = home["tax_rate_percent"]
    return args


def _asks_home_cost(text: str, earlier: list[dict[str, Any]]) -> bool:
    """A tax or HOA question about the home on screen ("how much are the property taxes?")."""
    about = bool(_HOME_COST.search(text)) and not _OTHER_HOMES.search(text)
    return about and _on_screen(earlier) is not None


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


SURE = 0.5
"""The least similarity at which the nearest of the skill's intents (intents.yaml, ranked by the
platform) is taken as the wish, as for the other bundled planners."""
MARGIN = 0.02
LED_BY = 0.15
"""How far another skill's intent must lead ours for a price question that names no amount to
be left to it ("what was the max price I gave you" recalls a preference; it asks no budget)."""


def _intent(turn: dict[str, Any]) -> str | None:
    """The skill's intent the message is surely nearest to: sure enough, ahead of the next one
    and of every other skill's best intent."""
    ranked = [i for i in turn.get("intents") or [] if isinstance(i, dict) and "score" in i]
    if not ranked:
        return None
    best, runner_up = (
        float(ranked[0]["score"]),
        float(ranked[1]["score"]) if len(ranked) > 1 else 0.0,
    )
    elsewhere = float(turn.get("intent_elsewhere") or 0.0)
    sure = best >= SURE and best - runner_up >= MARGIN and best >= elsewhere
    return str(ranked[0].get("name")) if sure else None


def _led_elsewhere(turn: dict[str, Any]) -> bool:
    """Another skill's intent is nearer than any of ours by LED_BY or more."""
    ours = [float(i["score"]) for i in turn.get("intents") or [] if isinstance(i, dict)]
    return float(turn.get("intent_elsewhere") or 0.0) >= max(ours, default=0.0) + LED_BY


def plan(turn: dict[str, Any]) -> dict[str, Any] | None:
    """A mortgage_payment or mortgage_affordability call, or None when the message isn't ours.
    The words decide; the nearest intent adds the wish when they say it in other words ("how
    pricey a home is that", "what would I shell out each month")."""
    text = plain_words(str(turn.get("text", "")))
    tools = turn.get("tools") or []
    earlier = turn.get("earlier") or []
    preferences = turn.get("preferences") or {}
    stated = _terms(text)
    previous = _last_estimate(earlier)
    terms, note = dict(stated), ""
    if "rate_percent" not in terms:
        if previous:
            terms["rate_percent"] = previous["rate_percent"]
        else:
            terms["rate_percent"] = DEFAULT_RATE
            note = f"assuming a {DEFAULT_RATE}% interest rate"
    monthly = _MONTHLY.search(text)
    intent = _intent(turn)
    wants_price = _AFFORD.search(text) or (monthly and not _names_a_home(text, earlier))
    wants_price = wants_price or (intent == "affordability" and _budget_like(text))
    if wants_price and "mortgage_affordability" in tools:
        if not _budget_like(text) and (_led_elsewhere(turn) or _MONEY.search(text)):
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
    asks_cost = asks_cost or _asks_home_cost(text, earlier)
    price = _MONEY.search(_HOA.sub("", _DOWN_AMT.sub("", text))) if asks_cost else None
    what_if = (
        previous and previous.get("kind") == "payment" and (_WHAT_IF.search(text) or asks_cost)
    )
    named = _ORDINAL.search(text) or _SUPERLATIVE.search(text)
    if what_if and stated and not named and (price is None or "hoa_monthly" in stated):
        return [_previous_args(previous, stated)]  # "and at 6%?", "include a $150 HOA in that"
    homes = _referenced_homes(text, earlier) if asks_cost else []
    if asks_cost and not homes and price is None and (shown := _on_screen(earlier)):
        homes = [shown]  # "what would the payment be?" after a home's detail
    if homes:
        if not all(home.get("price") for home in homes):
            return "That listing has no price, so I can't estimate a payment."
        return [_home_args(home) for home in homes]
    if price is not None:
        return [
            {"price": _money(price.group(1) or price.group(3), price.group(2) or price.group(4))}
        ]
    return []


def _referenced_homes(text: str, earlier: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every home the message names by position ("the first one and the third one"), else the
    one it points at."""
    items, _ = _homes(earlier)
    words = [m.group(1) for m in _ORDINAL.finditer(text)]
    if len(words) > 1:
        picked = [_index(w, len(items)) for w in words]
        return [items[i - 1] for i in dict.fromkeys(picked) if 0 < i <= len(items)]
    home = _referenced_home(text, earlier)
    return [home] if home is not None else []


def _usd(value: float) -> str:
    return f"${value:,.0f}"


_LABELS = {"property_tax": "property tax", "insurance": "insurance", "hoa": "HOA"}


def _describe(result: dict[str, Any]) -> str:
    monthly = result["monthly"]
    estimated = set(result.get("estimates") or [])
    parts = [f"{_usd(monthly['principal_interest'])} principal and interest"]
    for key, label in _LABELS.items():
        if monthly.get(key):
            parts.append(
                f"{_usd(monthly[key])} {label}" + (" (estimate)" if key in estimated else "")
            )
    terms = (
        f"{result['down_payment_percent']:g}% down ({_usd(result['down_payment'])}) at "
        f"{result['rate_percent']:g}% over {result['term_years']:g} years"
    )
    if result["kind"] == "affordability":
        head = (
            f"At {_usd(result['monthly_budget'])} a month with {terms}, you could afford a home "
            f"up to about {_usd(result['price'])}"
        )
    else:
        what = result.get("label") or f"a {_usd(result['price'])} home"
        head = f"With {terms}, {what} would cost about {_usd(monthly['total'])} a month"
    missing = [_LABELS.get(key, key) for key in result.get("not_included") or []]
    tail = f" Not included: {', '.join(missing)}." if missing else ""
    return f"{head}: {', '.join(parts)}.{tail}"


def answer(turn: dict[str, Any]) -> str | None:
    """The answer for this turn's mortgage outcomes, or None when there were none."""
    text = str(turn.get("text", "")).lower()
    assumed = "rate_percent" not in _terms(text) and not _last_estimate(turn.get("earlier") or [])
    lines = []
    for outcome in turn.get("outcomes") or []:
        if not str(outcome.get("tool", "")).startswith("mortgage_"):
            continue
        result = outcome.get("result")
        if outcome.get("ok") and isinstance(result, dict) and result.get("type") == "mortgage":
            lines.append(_describe(result))
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
    what = last.get("label") or _usd(last["price"])
    return [
        f"Last mortgage estimate ({last['kind']}): {what}, price {_usd(last['price'])}, "
        f"{last['down_payment_percent']:g}% down, {last['rate_percent']:g}%, "
        f"{last['term_years']:g} years, {_usd(last['monthly']['total'])} a month"
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
