"""Mechanical rewordings of a message that keep its meaning, as people produce them: said
through dictation, in fewer words, with or without contractions, wrapped in small talk, with a
slip of the keyboard, numbers as words or digits. Each is a pure function of the message and a
seed (the case's place in the corpus), so a run is the same every time; it gives None when it
has nothing to change in that message. The runner is perturb.py."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from tests.understanding.cases import SPOKEN_REF

Rewording = Callable[[str, int], "str | None"]

KEEP = re.compile(rf"{SPOKEN_REF.pattern}|\d+(?:[.,:]\d+)+|\S+@\S+|https?://\S+")
"""What no rewording touches: a shown home's address reference, a number or a time with its
separators, an email address, a link."""


def seed_of(where: str) -> int:
    """A case's seed: stable across runs and machines (not Python's salted hash)."""
    return int.from_bytes(hashlib.sha256(where.encode()).digest()[:4], "big")


def _outside_kept(text: str, change: Callable[[str], str]) -> str:
    """`text` with `change` applied between the kept spans only."""
    out, start = [], 0
    for match in KEEP.finditer(text):
        out += [change(text[start : match.start()]), match.group(0)]
        start = match.end()
    out.append(change(text[start:]))
    return "".join(out)


def _tidy(text: str) -> str:
    return " ".join(text.split())


def _changed(before: str, after: str) -> str | None:
    after = _tidy(after)
    return after if after and after != _tidy(before) else None


def dictated(say: str, seed: int) -> str | None:
    """All lowercase, no punctuation (apostrophes and a word's inner hyphen stay, as speech to
    text writes them)."""
    bare = _outside_kept(say, lambda part: re.sub(r"[.,!?;:\"()\[\]…]+", " ", part))
    return _changed(say, bare.lower())


DROPPED = re.compile(
    r"\b(?:can|could|would|will) you(?: please| pls| plz)?\b|\b(?:please|pls|plz|kindly)\b"
    r"|\b(?:the|a|an)\b(?!-)",
    re.IGNORECASE,
)


def terse(say: str, seed: int) -> str | None:
    """Articles and "please", "can you" left out, as a terse writer or a learner does."""
    short = _outside_kept(say, lambda part: DROPPED.sub(" ", part))
    short = re.sub(r"\s+([,.!?])", r"\1", short)
    return _changed(say, short.strip(" ,"))


CONTRACTIONS = {
    "don't": "do not", "doesn't": "does not", "didn't": "did not", "isn't": "is not",
    "aren't": "are not", "wasn't": "was not", "weren't": "were not", "can't": "cannot",
    "won't": "will not", "wouldn't": "would not", "shouldn't": "should not",
    "couldn't": "could not", "haven't": "have not", "hasn't": "has not", "i'm": "i am",
    "i've": "i have", "i'd": "i would", "i'll": "i will", "we're": "we are", "we've": "we have",
    "we'd": "we would", "we'll": "we will", "you're": "you are", "it's": "it is",
    "what's": "what is", "that's": "that is", "there's": "there is", "where's": "where is",
    "how's": "how is", "let's": "let us", "they're": "they are", "who's": "who is",
}  # fmt: skip
CONTRACTED = re.compile(r"\b(" + "|".join(map(re.escape, CONTRACTIONS)) + r")\b", re.IGNORECASE)


def _cased(word: str, like: str) -> str:
    return word[0].upper() + word[1:] if like[:1].isupper() else word


def expanded(say: str, seed: int) -> str | None:
    """Contractions written out ("don't" -> "do not")."""
    said = say.replace("’", "'")
    out = CONTRACTED.sub(lambda m: _cased(CONTRACTIONS[m.group(1).lower()], m.group(1)), said)
    return _changed(say, out)


def unapostrophed(say: str, seed: int) -> str | None:
    """Contractions without their apostrophe ("don't" -> "dont"), as typed on a phone."""
    said = say.replace("’", "'")
    return _changed(say, CONTRACTED.sub(lambda m: m.group(1).replace("'", ""), said))


WRAPPERS = (
    "hi, so {} thanks!",
    "quick question: {}",
    "hey there! {} :)",
    "ok so um, {} thank you so much",
    "hello again. {} cheers",
)


def chatty(say: str, seed: int) -> str | None:
    """The message in a politeness wrapper, one chosen by the seed."""
    first = say.split(maxsplit=1)[0] if say.split() else ""
    lowered = say if first in ("I", "I'm") or first.isupper() else say[:1].lower() + say[1:]
    return _changed(say, WRAPPERS[seed % len(WRAPPERS)].format(lowered))


ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
NEIGHBOURS = {
    row[i]: row[i + 1] if i + 1 < len(row) else row[i - 1] for row in ROWS for i in range(len(row))
}
"""A letter's key to its right on a QWERTY keyboard (to its left at a row's end)."""
FUNCTION_WORDS = frozenset(
    [
        "should",
        "would",
        "could",
        "please",
        "thanks",
        "thank",
        "really",
        "actually",
        "around",
        "between",
        "before",
        "within",
        "without",
        "anything",
        "something",
        "maybe",
        "little",
        "another",
        "whether",
        "because",
    ]
)


def typo(say: str, seed: int) -> str | None:
    """One keyboard slip in one content word of more than five letters: two letters swapped, one
    dropped, one doubled or its neighbour key struck; the word, the slip and its place chosen by
    the seed. Names (a capital letter) and words with digits are left alone."""
    words = [
        m
        for m in re.finditer(r"\b[a-z]{6,}\b", say)
        if m.group(0) not in FUNCTION_WORDS and not SPOKEN_REF.fullmatch(m.group(0))
    ]
    if not words:
        return None
    match = words[seed % len(words)]
    word, at = match.group(0), 1 + (seed // 7) % (len(match.group(0)) - 2)
    slip = (seed // 3) % 4
    if slip == 0:
        bent = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    elif slip == 1:
        bent = word[:at] + word[at + 1 :]
    elif slip == 2:
        bent = word[:at] + word[at] + word[at:]
    else:
        bent = word[:at] + NEIGHBOURS[word[at]] + word[at + 1 :]
    return _changed(say, say[: match.start()] + bent + say[match.end() :])


NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
UNITS = (
    r"(?:bed(?:room)?s?|bd|bath(?:room)?s?|ba|car|cars|garages?|stor(?:y|ies|eys?)|"
    r"days?|weeks?|months?|years?|homes?|houses?|places?|ones?|more|percent)\b"
)
AS_DIGITS = re.compile(rf"\b({'|'.join(NUMBER_WORDS)})(\s+|\s*-\s*)(?={UNITS})", re.IGNORECASE)
AS_WORDS = re.compile(rf"(?<![\d$#.,])\b([1-9]|10)(\s+|\s*-\s*)(?={UNITS})", re.IGNORECASE)


SPOKEN_BEFORE = re.compile(
    r"\b(?:point|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|"
    r"thousand)[\s-]*$",
    re.IGNORECASE,
)
"""Words that make the number word after them part of a longer number ("six point five",
"twenty five"): it is left as said."""


def numbers(say: str, seed: int) -> str | None:
    """Counts before a unit said the other way ("three bedrooms" <-> "3 bedrooms"): the words
    become digits when there are any, else the digits become words. A number word inside a
    longer spoken number ("six point five percent") is no count and stays."""

    def as_digits(m: re.Match[str]) -> str:
        if SPOKEN_BEFORE.search(say[: m.start()]):
            return m.group(0)
        return f"{NUMBER_WORDS.index(m.group(1).lower()) + 1}{m.group(2)}"

    if AS_DIGITS.search(say):
        return _changed(say, AS_DIGITS.sub(as_digits, say))
    out = AS_WORDS.sub(lambda m: f"{NUMBER_WORDS[int(m.group(1)) - 1]}{m.group(2)}", say)
    return _changed(say, out)


KINDS: dict[str, Rewording] = {
    "dictated": dictated,
    "terse": terse,
    "expanded": expanded,
    "unapostrophed": unapostrophed,
    "chatty": chatty,
    "typo": typo,
    "numbers": numbers,
}
"""Every rewording by name, in the order a report lists them."""
