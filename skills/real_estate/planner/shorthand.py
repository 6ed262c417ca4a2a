"""Words people type short ("hom", "savr", "abt"), read whole.

A slip of any longer word the skill reads ("bedroms", "thsi", "pflugervile") is the platform's
to read: the skill declares those words once, under `spelling:` in its intents.yaml, and its
planner is handed the message with them spelt right. These are too short for that reading.
"""

from __future__ import annotations

import re

SHORT = {
    "hous": "house",
    "hom": "home",
    "cndo": "condo",
    "undr": "under",
    "ovr": "over",
    "savr": "save",
    "sav": "save",
    "shw": "show",
    "abt": "about",
}
_SHORT_WORD = re.compile(r"\b[a-z]{3,4}\b")


def expanded(text: str) -> str:
    """`text` with its lower-case short forms written whole: "savr #2 and shw me" -> "save #2
    and show me" (other words, case, names and addresses as written)."""
    return _SHORT_WORD.sub(lambda m: SHORT.get(m.group(), m.group()), text)
