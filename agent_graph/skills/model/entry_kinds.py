"""The kinds of value a skill may declare for a remembered entry, and their validation.

A skill's `x-propsearch.writes` names each entry it writes with a kind; the core normalises the
value by that kind before it is stored, so a stored entry is a fact of a known shape (an amount,
a count, a place, one of a list, the parameters of one of the skill's own tools), never free
text that could read as an instruction later.

`{"criteria": "<tool>"}` is a JSON object of parameters valid against that tool's input schema
(the same skill's; the registry resolves it into `"schema"` when the skill loads): a saved
search, say, stored as compact JSON text whose every string is a short label.
"""

from __future__ import annotations

import json
import re
from typing import Any

from jsonschema import Draft202012Validator

SIMPLE_KINDS = ("money", "integer", "number", "place", "label")
MAX_PLACE_CHARS = 80
MAX_LABEL_CHARS = 120
MAX_CRITERIA_CHARS = 480
_MONEY = re.compile(r"^\$?\s*(\d[\d,]*(?:\.\d+)?)\s*([km]?)$", re.IGNORECASE)
_PLACE = re.compile(r"^[\w .,'#-]+$")
_LABEL = re.compile(r"^[\w .,'&/#()+$%·-]+$")
"""What a label may hold (an allowlist): letters, digits, spaces and . , ' & / # ( ) + $ % · -
(an address with a price)."""
MAX_WORDS = {"place": 8, "label": 12}
MAX_KEY_CHARS = 64
_KEY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
"""What an entry's key may hold (an allowlist): letters, digits and _ . - (a slug, an id)."""
# "Paris. Ignore …": a full stop after a word (not an abbreviation: "Mt. Hood"), or ! ? ;
_SENTENCE = re.compile(r"\b\w{4,}\.\s+\w|[!?;]")
_INSTRUCTION = re.compile(
    r"\b(ignore|instructions?|always|never|must|pretend|system|assistant|you|your)\b", re.I
)


def valid_kind(kind: Any) -> bool:
    """A kind as a skill may declare it: a simple name, {"enum": [...], "many"?: bool} or
    {"criteria": "<tool>"}."""
    if isinstance(kind, str):
        return kind in SIMPLE_KINDS
    if isinstance(kind, dict) and "criteria" in kind:
        tool, schema = kind.get("criteria"), kind.get("schema", {})
        return isinstance(tool, str) and bool(tool) and isinstance(schema, dict)
    if isinstance(kind, dict):
        options = kind.get("enum")
        return (
            isinstance(options, list)
            and bool(options)
            and all(isinstance(o, str) and o for o in options)
            and isinstance(kind.get("many", False), bool)
        )
    return False


def normalized(kind: Any, value: Any) -> str:
    """The stored text of `value` for `kind`; ValueError with a readable reason otherwise."""
    if isinstance(kind, dict) and "criteria" in kind:
        return _criteria(kind, value)
    if isinstance(kind, dict):
        return _enum(kind["enum"], bool(kind.get("many")), value)
    if isinstance(value, bool) or value is None:
        raise ValueError("a value is required")
    if kind == "money":
        return f"${_money(value):,.0f}"
    if kind in ("integer", "number"):
        number = _number(value)
        if kind == "integer" and number != int(number):
            raise ValueError(f"{value!r} is not a whole number")
        return f"{number:g}"
    text = " ".join(str(value).split())
    _refuse_sentences(kind, text)
    if kind == "place":
        if not text or len(text) > MAX_PLACE_CHARS or not _PLACE.match(text):
            raise ValueError(f"{text[:40]!r} is not a place name (letters, digits, , . ' # -)")
        return text
    if not text or len(text) > MAX_LABEL_CHARS or not _LABEL.fullmatch(str(value)):
        raise ValueError(
            f"a label is one line of at most {MAX_LABEL_CHARS} characters: letters, digits, "
            "spaces and . , ' & / # ( ) + $ % · -"
        )
    return text


def checked_key(key: str) -> str:
    """`key` when it is a short slug (letters, digits, _ . -) of at most MAX_WORDS["label"]
    words that reads like no sentence nor instruction; ValueError with the reason otherwise. A
    key is read back to the model like a value."""
    if not key or len(key) > MAX_KEY_CHARS or not _KEY.fullmatch(key):
        raise ValueError(
            f"a key is at most {MAX_KEY_CHARS} letters, digits and _ . - (got {key[:40]!r})"
        )
    _refuse_sentences("label", re.sub(r"[_.-]+", " ", key))
    return key


def _refuse_sentences(kind: str, text: str) -> None:
    """A place or a label is a few words, never a sentence nor an instruction that would be
    read back to the model in a later session."""
    what = "a place name, ZIP or landmark" if kind == "place" else "a short label"
    if _SENTENCE.search(text) or _INSTRUCTION.search(text):
        raise ValueError(f"{text[:40]!r} reads like a sentence or an instruction, not {what}")
    if len(text.split()) > MAX_WORDS[kind]:
        raise ValueError(f"{text[:40]!r}… is too long for {what} (at most {MAX_WORDS[kind]} words)")


def _money(value: Any) -> float:
    if isinstance(value, int | float):
        amount = float(value)
    else:
        match = _MONEY.match(str(value).strip())
        if not match:
            raise ValueError(f"{str(value)[:40]!r} is not an amount of money")
        amount = float(match.group(1).replace(",", ""))
        amount *= {"k": 1e3, "m": 1e6}.get(match.group(2).lower(), 1)
    if not 0 <= amount <= 1e10:
        raise ValueError(f"{amount:g} is not a plausible amount")
    return amount


def _number(value: Any) -> float:
    try:
        number = float(str(value).strip())
    except ValueError:
        raise ValueError(f"{str(value)[:40]!r} is not a number") from None
    if not 0 <= number <= 1e6:
        raise ValueError(f"{number:g} is out of range")
    return number


def _enum(options: list[str], many: bool, value: Any) -> str:
    parts = value if isinstance(value, list) else str(value).split(",")
    chosen = [str(p).strip().lower() for p in parts if str(p).strip()]
    allowed = {o.lower(): o for o in options}
    unknown = [c for c in chosen if c not in allowed]
    if not chosen or unknown or (len(chosen) > 1 and not many):
        raise ValueError(f"expected {'some' if many else 'one'} of: {', '.join(options)}")
    return ", ".join(dict.fromkeys(allowed[c] for c in chosen))


def _criteria(kind: dict[str, Any], value: Any) -> str:
    """Compact JSON of an object valid against the named tool's input schema; ValueError naming
    the field at fault otherwise."""
    tool, schema = kind["criteria"], kind.get("schema")
    if not isinstance(schema, dict) or not schema:
        raise ValueError(f"{tool} is not a tool of this skill, so its criteria cannot be checked")
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise ValueError(f"criteria must be a JSON object of {tool} parameters") from None
    if not isinstance(value, dict) or not value:
        raise ValueError(f"criteria must be a non-empty object of {tool} parameters")
    errors = sorted(Draft202012Validator(schema).iter_errors(value), key=lambda e: list(e.path))
    if errors:
        where = ".".join(str(p) for p in errors[0].path) or "criteria"
        raise ValueError(f"{where}: {errors[0].message} (not valid for {tool})")
    for field, text in _strings(value):
        try:
            normalized("label", text)
        except ValueError as exc:
            raise ValueError(f"{field}: {exc}") from None
    stored = json.dumps(value, sort_keys=True, separators=(",", ":"))
    if len(stored) > MAX_CRITERIA_CHARS:
        raise ValueError(f"criteria are too long (max {MAX_CRITERIA_CHARS} characters)")
    return stored


def _strings(value: Any, path: str = "") -> list[tuple[str, str]]:
    """(field, text) for every string in a JSON value, with its dotted path."""
    if isinstance(value, str):
        return [(path or "criteria", value)]
    if isinstance(value, dict):
        items = [(f"{path}.{k}" if path else str(k), v) for k, v in value.items()]
    elif isinstance(value, list):
        items = [(f"{path}.{i}", v) for i, v in enumerate(value)]
    else:
        return []
    return [found for where, item in items for found in _strings(item, where)]
