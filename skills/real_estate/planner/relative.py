"""Positions said relative to another, and positions taken back, written as the one meant when
the number of homes shown is known: "the one right after the first" -> "the second one", "the
last one and the one before it" -> "the tenth one and the ninth one", "not the first one, the
one below it" -> "the second one", "save the third, sorry I mean the fourth" -> "save the
fourth", "the 1st one is out, but the 2nd one ..." -> "the 2nd one ..."."""

from __future__ import annotations

import re

from .parse import normalize
from .positions import ORDINALS, positions_said

_WORDS = {n: word for word, n in ORDINALS.items()}
_ANCHOR = (
    r"(?:the )?(?P<{0}>(?:second|next)[- ]to[- ]last|penultimate|last|\d{{1,2}}(?:st|nd|rd|th)|"
    + "|".join(ORDINALS)
    + r")(?: (?:one|home|house|listing|place|result))?|(?:number|#) ?(?P<{0}n>\d{{1,2}})"
)
_ANY = _ANCHOR.format("a")
_NEXT_TO = (
    r"the (?:next )?(?:one|home|house|listing|place) (?:(?:right|just|immediately|directly) )?"
    r"(?P<way>after|below|under|beneath|underneath|following|before|above|preceding|"
    r"next to)"
)
_AFTER = ("after", "below", "under", "beneath", "underneath", "following")
_RELATIVE = re.compile(rf"\b{_NEXT_TO} (?:{_ANY})\b")
_RELATIVE_BACK = re.compile(
    r"\bthe (?:(?:one|home|house|listing|place) (?:(?:right|just|immediately|directly) )?"
    r"(?P<way>after|below|under|beneath|underneath|following|before|above|preceding) "
    r"(?:it|that(?: one)?|this(?: one)?)|(?P<next>next|following) (?:one|home|house|listing|place))\b"
)
"""A home named by its place next to the one named before it ("and the one after it", "and
the next one")."""
_POSITION = re.compile(rf"\b(?:{_ANY})\b")
_TAKEN_BACK = re.compile(
    rf"\b(?:{_ANY})\W*(?:(?:sorry|oops|no|nope|wait|er+|um+|uh+)\W+)*"
    r"(?:i mean|i meant|make (?:that|it)|rather|scratch that|correction|no wait)\W+"
    rf"(?={_ANCHOR.format('b')})"
)
_RULED_OUT = re.compile(
    rf"^\W*(?:not (?:{_ANY})\W*(?:but )?(?:rather )?|"
    rf"(?:{_ANCHOR.format('c')}) (?:is|'s) (?:out|no good|a no|not for (?:me|us)|off the table|not it)\W*"
    r"(?:but |though |however )?)"
    rf"(?={_ANCHOR.format('b')})"
)


def _number(match: re.Match[str], group: str, count: int) -> int | None:
    """The 1-based position an anchor names among `count` homes."""
    word = match.group(group) or match.group(f"{group}n")
    word = re.sub(r"[- ]", " ", word)
    if word == "last":
        return count
    if word in ("second to last", "next to last", "penultimate"):
        return count - 1
    return ORDINALS.get(word) or int(re.sub(r"\D", "", word))


def _said(number: int, count: int) -> str | None:
    return f"the {_WORDS[number]} one" if 1 <= number <= count and number in _WORDS else None


def _relative(norm: str, count: int) -> str:
    def moved(match: re.Match[str]) -> str:
        step = 1 if match.group("way") in _AFTER else -1
        if match.group("way") == "next to":
            step = 1
        return _said((_number(match, "a", count) or 0) + step, count) or match.group(0)

    def from_end(match: re.Match[str]) -> str:
        word = match.group("a")
        number = ORDINALS.get(word) or int(re.sub(r"\D", "", word))
        return _said(count - number + 1, count) or match.group(0)

    norm = _FROM_END.sub(from_end, _RELATIVE.sub(moved, norm))
    while found := _RELATIVE_BACK.search(norm):
        before = list(_POSITION.finditer(norm[: found.start()]))
        if not before:
            break
        anchor = _number(before[-1], "a", count) or 0
        step = 1 if found.group("next") or found.group("way") in _AFTER else -1
        said = _said(anchor + step, count)
        if said is None:
            break
        start, end = before[-1].span()
        named = _said(anchor, count) or before[-1].group(0)  # "the last one": the tenth
        norm = f"{norm[:start]}{named}{norm[end : found.start()]}{said}{norm[found.end() :]}"
    return norm


_FROM_OPEN = re.compile(
    r"\b(?:the )?(?P<way>next|following|previous|prior|preceding) "
    r"(?:one|home|house|listing|place|property)\b|"
    r"\bthe (?:one|home|house|listing|place) (?:(?:right|just|immediately|directly) )?"
    r"(?P<side>after|below|under|following|before|above|preceding)"
    r"(?: (?:it|that(?: one)?|this(?: one)?)\b|(?=\W*$))|"
    r"(?:(?<=to )|(?<=with )|(?<=and ))\bthe (?P<bare>next|previous)(?=\W*$)"
)
"""A home named by its place next to the one open, when the message names no other ("ok and
the next one?", "the previous one", "the one below this one", "and the one after?")."""
_FROM_END = re.compile(
    rf"\b(?:the )?(?P<a>{'|'.join(ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))(?: one)? "
    r"(?:from (?:the )?(?:last|bottom|end)|to[- ]last)\b"
)
"""A position counted from the end ("third from last", "the 4th from the bottom", "3rd to
last")."""


def _from_open(norm: str, count: int, open_at: int) -> str:
    if _POSITION.search(norm) or not 1 <= open_at <= count:
        return norm

    def moved(match: re.Match[str]) -> str:
        way = match.group("way") or match.group("side") or match.group("bare")
        step = 1 if way in ("next", "following", *_AFTER) else -1
        return _said(open_at + step, count) or match.group(0)

    return _FROM_OPEN.sub(moved, norm)


def said_absolutely(text: str, count: int, open_at: int = 0) -> str:
    """`text` with positions said relative to another (or to the home open, at `open_at`), or
    taken back, written as the position meant among the `count` homes shown (lower case then);
    the text itself when none is."""
    if count < 2:
        return text
    norm = positions_said(normalize(text))
    norm_read = _from_open(norm, count, open_at) if open_at else norm
    rewritten = _RULED_OUT.sub("", _TAKEN_BACK.sub("", _relative(norm_read, count)))
    return rewritten if rewritten != norm else text
