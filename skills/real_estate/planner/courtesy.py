"""Courtesy around a wish read away before the wish is read: a greeting, a filler or "quick
question:" before it ("hi, so ...", "hello again. ...", "ok so um, ..."), thanks or a smile after
it ("... thanks!", "... thank you so much", "... cheers :)"), and a hesitation said anywhere, as
a dictated message keeps it ("save the third one and uh show me the fifth"). A message that is
only courtesy is left whole, for the small-talk recognizer."""

from __future__ import annotations

import re

from .talk import small_talk_kind

_GREETING = (
    r"(?:hi|hello|hey|heya|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening))"
    r"(?: there| again| everyone| all| guys)?"
)
_FILLER = r"(?:ok(?:ay)?|so|um+|uh+|erm|hmm+|well|alright|right|oh|anyway|quick question|question)"
_THANKS = (
    r"(?:many )?(?:thanks|thank you|thx|thanx|ty|cheers|much appreciated)"
    r"(?: (?:so|very) much| a lot| in advance| again)?"
)
_ACKNOWLEDGED = (
    r"(?:cool|great|nice|awesome|perfect|sweet|lovely|wonderful|excellent|amazing|brilliant|"
    r"neat|fab|ooh+|wow|yay|gotcha|got it|sounds good|fair enough|makes sense|i see)"
)
"""A word taking in the last answer before the next wish ("cool, save 5", "got it. and the
third?")."""
_SMILE = r"(?::-?[)D]|;-?\)|<3)"
_OPENING = re.compile(
    rf"^(?:\s*(?:(?:{_GREETING}|{_FILLER}|{_THANKS}|{_ACKNOWLEDGED})\b\s*)+[,.:;!?-]+)+\s*", re.I
)
"""Courtesy words before a mark ("hi, so", "ok so um,", "cool,"): without the mark they may
begin the wish itself ("ok so we drove past ...", "great schools matter")."""
_CLOSING = re.compile(rf"(?:[\s,;-]*\b(?:{_THANKS})\b|[\s,;-]*{_SMILE})+[\s.!]*$", re.I)
_WORD = re.compile(r"[a-z0-9#$]", re.I)
_HESITATION = re.compile(
    r"(?<![\w'])(?:,\s*)?\b(?:u+m+|u+h+m*|e+r+m*|e+h+m+|hmm+)\b(?:\s*,)?(?![\w'])", re.I
)
"""'um', 'uh', 'erm', 'hmm' anywhere, with the commas a dictation puts around them."""


def without_courtesy(text: str) -> str:
    """`text` without the courtesy before and after its wish; unchanged when nothing else is
    said ("hi", "thanks so much!")."""
    if small_talk_kind(text.lower()) is not None:
        return text
    said = re.sub(r"\s{2,}", " ", _HESITATION.sub(" ", text)).strip()
    inner = _OPENING.sub("", said)
    if inner != said:  # "hi, so 4th?": a "so" after a greeting begins no wish
        inner = re.sub(r"^(?:so|um+|uh+|like)\s+", "", inner, flags=re.I)
    inner = _CLOSING.sub("", inner)
    return inner.strip() if _WORD.search(inner) else text
