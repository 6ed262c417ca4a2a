"""Repair of mis-encoded text in the source data (UTF-8 read as Windows-1252, sometimes twice)."""

from __future__ import annotations

import html
import re

# A lead byte of a UTF-8 sequence (as cp1252 text) followed by 1-3 continuation bytes (as cp1252).
_CONT = "\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122"
_MOJIBAKE = re.compile(f"[\u00c2-\u00f4][{_CONT}]{{1,3}}")
_SUSPECT = re.compile("[\u00c2-\u00f4]|&#?\\w+;")
# Sequences that lost bytes in the source (0x9d has no cp1252 character; some rows lost the
# continuation bytes of "’" entirely): best-effort guesses from context, then plain leftovers.
_LOSSY = [
    (re.compile("â€\u009d?"), "”"),
    (re.compile("â\\?\\?"), "’"),
    (re.compile("(?<=[A-Za-z])â(?=(?:s|t|ll|re|ve|d)\\b)"), "’"),
    (re.compile("(?<=\\d)â"), "”"),
    (re.compile('â"'), "—"),
    (re.compile("â¦"), "…"),
    (re.compile(" â "), " – "),
    (re.compile("Â\\s"), " "),
]


def _repair(match: re.Match[str]) -> str:
    try:
        return match.group().encode("cp1252").decode("utf-8")
    except UnicodeError:
        return match.group()


def fix_text(text: str) -> str:
    """Undo mojibake ("â€™" -> "’", "Â½" -> "½") and HTML entities; leave clean text untouched."""
    if not _SUSPECT.search(text):
        return text
    for _ in range(2):  # some rows were double-encoded ("Ã¢â‚¬â„¢")
        text = _MOJIBAKE.sub(_repair, text)
    for pattern, good in _LOSSY:
        text = pattern.sub(good, text)
    text = html.unescape(text).replace("\r\n", "\n").replace("\xa0", " ")
    return text
