"""Reads prices: "under $500k", "300-400k", "between 300k and 400k", "around 1.2 million".

A number is money when it carries a `$`, a k/m/million suffix or thousands commas, or when it
follows a price word ("under 450000"). With no direction word a price is a ceiling ("a house for
$400k" means at most $400k). "around X" means X ± 10%, rounded to the nearest $1,000.
"""

from __future__ import annotations

import re
from typing import Any

from .reading import Words

_NUM = (
    r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+(?![\d.,])|(?<!\d )\d{1,3}(?: \d{3})+(?![\d.,]| \d)|"
    r"\d+(?:\.\d+)?"
)
"""An amount: with thousands commas, dots ("300.000") or spaces ("400 000", not a phone number's
groups), or plain."""
_DOTTED = re.compile(r"\d{1,3}(?:\.\d{3})+")
"""Thousands marked with dots, as much of Europe writes them ("300.000")."""
_SUF = r"millions|million|mill|mil|mm|m|thousand|grand|k"
_THOUSANDS = {"k", "thousand", "grand"}
_MIL = {"mil", "mill"}
"""Millions, unless the amount says otherwise: "450 mil" is a learner's thousands (mil in
Spanish, Portuguese, Catalan), no home costing 100 million and more."""


def _money(tag: str = "") -> str:
    return rf"(?<![\w.,])(?P<d{tag}>\$\s*)?(?P<n{tag}>{_NUM})(?:\s*(?P<s{tag}>{_SUF})\b)?"


_MONEY = re.compile(_money())
_RANGE = re.compile(
    rf"(?:\b(?P<kw>between|from)\s+)?{_money('1')}\s*(?P<sep>-|to|and|until|till|til)\s*{_money('2')}"
)
_LEAD = r"(?:^|(?<=\W))"
_FILLER = (
    r"(?:\s*(?:is|of|at|to|now|only|just|around|about|roughly|approximately|say|like|:|=))*\s*$"
)
_MAX_BEFORE = re.compile(
    _LEAD
    + r"(?:(?<!not )(?<!no )(?:under|below|beneath|less than|lower than|cheaper than|south of)|no more than|"
    r"(?:no|not) more (?:than|of|then)|(?:no|not) more expensive (?:than|of|then)|until|till|"
    r"not over|no higher than|up to|upto|max(?:imum)?|at most|at the most|within|"
    r"(?:can[’']?t|cannot|can not|won[’']?t|(?:don[’']?t|do not|rather not)(?: want(?: to)?| wanna)?|"
    r"not)(?: go| spend| pay)? (?:over|above|beyond|more than)|"
    r"(?:nothing|none|not anything)(?: priced| that costs| costing)?"
    r" (?:over|above|beyond|more than|higher than)|"
    r"(?:can|could) only (?:do|manage|swing|handle|stretch to)|"
    r"the most (?:i|we) (?:can|could) (?:do|manage|swing|handle|spend|pay|afford)|"
    r"budget|afford|spend|(?:can|could) pay|ceiling|cap(?:ped)?(?: at)?|cap (?:it|that|them|the price) at|"
    r"(?:tops?|max(?:es)?|caps?) out(?: at)?|tops|price range|keep (?:it|the price|things) (?:to|at)|"
    r"(?:go |come |bring it |take it )?(?:lower|cheaper)(?:\s*[,:;-]|(?=\s+(?:to|say|like)\b))|"
    r"(?:top|highest|max(?:imum)?) price|(?:price )?limit|"
    r"(?:stretch|go|goes|went) up to|stretch to|my max|our max|<=?|≤|"
    r"(?:go|going|come|coming|drop|dropping|bring it|take it|knock it|get it) down to|"
    r"(?:bump|raise|push|up|lift|nudge|increase)(?: it| that| the price| the max)?(?: up)? to|"
    r"(?:go|going|gonna go|decided|settled?) (?:with|for|on))" + _FILLER
)
_MIN_BEFORE = re.compile(
    _LEAD + r"(?:over|above|more than|greater than|higher than|more expensive than|north of|"
    r"at least|min(?:imum)?|starting (?:at|from)|from|>=?|≥|"
    r"(?:no|not) (?:less|lower|cheaper) than|not (?:under|below)|min(?:imum)? (?:price|budget)|"
    r"(?:lowest|bottom) price|(?:price )?floor)" + _FILLER
)
_AROUND_BEFORE = re.compile(
    _LEAD + r"(?:around|about|approximately|approx\.?|roughly|~|close to|near|"
    r"in the ballpark of|ballpark|somewhere around)\s*$"
)
_MIN_AFTER = re.compile(
    r"\s*(?:\+|or (?:more|above|higher)|and (?:up|above|higher)|plus\b|minimum\b|min\b)"
)
_MAX_AFTER = re.compile(
    r"\s*(?:or (?:less|under|below|lower)|and (?:under|below|less)|max(?:imum)?\b|tops\b|"
    r"at most|at the most|budget\b|"
    r"(?:(?:is|as|for|on|will be|should be)\s+)?(?:my|our|the)\s+(?:(?:top|highest|max(?:imum)?)"
    r"\s+(?:price|budget)|max(?:imum)?|budget|limit|ceiling|cap)\b)"
)
"""A ceiling said after its amount: "450k max", "475 as my top price", "500 is our limit"."""
_AROUND_AFTER = re.compile(r"\s*(?:-?\s*ish\b|or so\b)")
_UNIT_AFTER = re.compile(
    r"\s*-?\s*(?:sq|square|sf\b|ft\b|feet|foot|miles?\b|mi\b|min\b|minutes|bed|bd|br\b|bath|"
    r"ba\b|acres?|years?|yrs?|%|percent|stor(?:y|ies)|car\b|cars|people|kids|st\b|nd\b|rd\b|"
    r"th\b|/\s*mo(?:nth)?\b|a month\b|per month\b|each month\b|every month\b|monthly\b|"
    r"a year\b|per year\b|/\s*yr\b)"
)
"""A number followed by these is not a home's price (a size, a count, a monthly payment)."""


def _value(m: re.Match[str], tag: str = "") -> tuple[float, bool, float]:
    """(dollars, explicitly money, suffix multiplier) of one matched amount."""
    raw, suffix = m.group(f"n{tag}").replace(" ", ","), m.group(f"s{tag}") or ""
    mult = 1.0 if not suffix else 1_000.0 if suffix in _THOUSANDS else 1_000_000.0
    if suffix in _MIL and "." not in raw and float(raw.replace(",", "")) >= 100:
        mult = 1_000.0
    dotted = not suffix and bool(_DOTTED.fullmatch(raw))
    raw = raw.replace(".", ",") if dotted else raw
    explicit = bool(m.group(f"d{tag}") or suffix or "," in raw)
    return float(raw.replace(",", "")) * mult, explicit, mult


def money_in(text: str) -> int | None:
    """The first amount in a saved value such as '$450,000' or '450k'."""
    for m in _MONEY.finditer(text.lower()):
        value, _, _ = _value(m)
        if value >= 1000:
            return round(value)
    return None


_HUNDREDS = re.compile(r"[1-9]\d\d")
"""A bare 100-999 after a budget word is thousands ("budget is 450")."""


def _bound(text: str, m: re.Match[str]) -> tuple[int, int, str]:
    """(start, end, kind) of an amount with the words that bound it: max, min, around or ""."""
    prefix, after = text[: m.start()], text[m.end() :]
    start = m.start()
    for name, rx in (("max", _MAX_BEFORE), ("min", _MIN_BEFORE), ("around", _AROUND_BEFORE)):
        if found := rx.search(prefix):
            if name != "around":
                return found.start(), m.end(), name
            start = found.start()  # "around 350 or less": the bound after it says which
            break
    for name, rx in (("min", _MIN_AFTER), ("max", _MAX_AFTER), ("around", _AROUND_AFTER)):
        if found := rx.match(after):
            return start, m.end() + found.end(), name
    return start, m.end(), "around" if start < m.start() else ""


_BUDGET_NOUN = r"(?:budget|price (?:limit|cap|ceiling)|max(?:imum)? price|top price)"
_AMOUNT_NEXT = r"(?=\$|\d{3}|\d+(?:\.\d+)?\s*(?:k|m|mil|million|thousand|grand)\b)"
"""An amount comes next, not a count ("..., 3 bedrooms now")."""
_BUDGET_CHANGED = re.compile(
    rf"\b({_BUDGET_NOUN})(?:'s\s+|\s+)(?:has |have |just |now )?(?:changed|change|moved|dropped|"
    r"rose|increased|decreased|shrank|grew|(?:went|gone) (?:up|down|lower|higher)|up|down|"
    r"came down|got (?:lower|"
    r"higher|smaller|bigger)|is (?:different|new|lower|higher|smaller|bigger))(?: again| now| a "
    r"bit| a little)*(?:\s*[,.:;-]\s*|\s+)(?:(?:so|and|ok|okay|well) )?(?:(?:the |our |my )?"
    r"(?:new one|new budget|new amount|new max)|now|it'?s|it is|is|to|say|like|maybe|around|"
    r"about|(?:make|set|put|call) (?:it|that)(?: to| at)?)?"
    rf"(?:\s+(?:now|is|it'?s|to|say|about|around))*\s*{_AMOUNT_NEXT}"
)
"""A budget said to have changed, its amount after a break ("my budget changed, now is 430",
"the budget went up, make it 520")."""
_BUDGET_MOVED = re.compile(
    r"\b((?:lower|raise|reduce|increase|decrease|cut|drop|bump|up|lift|adjust|change|update)"
    rf"(?: down| up)? (?:my |our |the )?{_BUDGET_NOUN})(?: a (?:bit|little|tad)| slightly| some|"
    rf" please| pls| again)*\s*[,.:;-]\s*(?:(?:make it|say|to|maybe|like|about|around) )*"
    rf"{_AMOUNT_NEXT}"
)
"""...or asked to move, its amount after a break ("lower the budget a bit, 460")."""
_AMOUNT = r"\$?\d{3}(?:,\d{3})*(?:\s?k)?|\$?\d+(?:\.\d+)?\s?(?:k|m|mil|million|thousand|grand)\b"
_AMOUNT_JUDGED = re.compile(
    rf"(?<![\w$,.])({_AMOUNT})\s+(?:is|would be|'d be|will be|sounds|seems|feels)(?: probably| "
    r"definitely| really| honestly| just)? (?:more |much more |a lot more |a bit more |way more )?"
    r"(?:honest|realistic|right|better|safer|saner|sensible|reasonable|comfortable|doable|"
    r"like it|manageable)\b"
)
"""An amount judged the right one ("maybe 425 is more honest", "460 sounds more realistic"):
a budget restated."""
_AMOUNT_PICKED = re.compile(rf"\b(?:better make it|let'?s (?:make it|say|go with)|lets (?:make it|"
                            rf"say|go with))\s+(?=(?:{_AMOUNT})\W*(?:tops|max|at most|$))")  # fmt: skip
"""...or picked ("better make it 480", "let's say 470 tops")."""
_AMOUNT_SWAPPED = re.compile(
    rf"\b(?:swap|replace|switch|change|trade)(?: out)? (?:the |my |our )?(?:{_AMOUNT})"
    rf"(?: (?:cap|max|maximum|limit|budget|ceiling|top))? (?:for|with|to) (?=(?:{_AMOUNT}))"
)
"""...or swapped for another ("swap the 500k cap for 450k", "replace 500 with 465")."""


def budget_restated(text: str) -> str:
    """`text` (lower case) with a budget's change and its amount said after a break joined
    ("our budget went up, now 600" -> "our budget to 600"), so the amount reads as the budget."""
    text = _BUDGET_CHANGED.sub(lambda m: f"{m.group(1)} to ", text)
    text = _BUDGET_MOVED.sub(lambda m: f"{m.group(1)} to ", text)
    text = _AMOUNT_PICKED.sub("budget to ", text)
    text = _AMOUNT_SWAPPED.sub("budget to ", text)
    return _AMOUNT_JUDGED.sub(lambda m: f"budget to {m.group(1)},", text)


def around(value: float) -> tuple[int, int]:
    return round(value * 0.9 / 1000) * 1000, round(value * 1.1 / 1000) * 1000


def take_prices(words: Words, criteria: dict[str, Any]) -> None:
    """Sets price_min / price_max from the words and blanks what it read."""
    for m in _RANGE.finditer(words.s):
        low, low_explicit, _ = _value(m, "1")
        high, high_explicit, mult = _value(m, "2")
        if m.group("sep") == "and" and m.group("kw") != "between":
            continue
        if not m.group("s1") and "," not in m.group("n1") and low < 1000:
            low *= mult
        if low < 10 * mult <= high / 10:  # "3-400k", "3 to 4 hundred thousand": 300k to 400k
            low *= 10 ** (len(str(round(high))) - len(str(round(low))))
        if m.group("kw") and mult == 1 and _HUNDREDS.fullmatch(m.group("n2")) and low < high:
            low, high = low * 1000, high * 1000  # "between 300 and 400": thousands
        bare = not (low_explicit or high_explicit)
        if (bare and not m.group("kw")) or not 1000 <= low < high:
            continue
        criteria["price_min"], criteria["price_max"] = round(low), round(high)
        words.blank(*m.span())
        return
    for m in list(_MONEY.finditer(words.s)):
        value, explicit, _ = _value(m)
        after = words.s[m.end() :]
        if _UNIT_AFTER.match(after) or (value < 1000 and not _HUNDREDS.fullmatch(m.group("n"))):
            continue
        if not explicit and re.fullmatch(r"78\d{3}", m.group("n")):
            continue
        start, end, kind = _bound(words.s, m)
        if not explicit and not kind:
            continue
        if value < 1000:  # "budget is 450", "under 400": thousands, said the short way
            if explicit or kind not in ("max", "min", "around"):
                continue
            value *= 1000
        words.blank(start, end)
        if kind == "around" and "price_max" not in criteria:
            criteria["price_min"], criteria["price_max"] = around(value)
        elif kind == "min":
            criteria.setdefault("price_min", round(value))
        else:
            criteria.setdefault("price_max", round(value))
