"""US street-address normalisation: usaddress-scourgify when it parses, else a simple fallback."""

from __future__ import annotations

import re
from typing import NamedTuple

_SUFFIXES = {
    "street": "st", "avenue": "ave", "av": "ave", "boulevard": "blvd", "drive": "dr",
    "road": "rd", "lane": "ln", "court": "ct", "circle": "cir", "cove": "cv", "trail": "trl",
    "parkway": "pkwy", "place": "pl", "terrace": "ter", "highway": "hwy", "square": "sq",
    "pass": "pass", "path": "path", "loop": "loop", "bend": "bnd", "crossing": "xing",
    "hollow": "holw", "point": "pt", "ridge": "rdg", "run": "run", "view": "vw", "hill": "hl",
    "hills": "hls", "creek": "crk", "canyon": "cyn", "meadow": "mdw", "valley": "vly",
    "north": "n", "south": "s", "east": "e", "west": "w", "northeast": "ne", "northwest": "nw",
    "southeast": "se", "southwest": "sw", "apartment": "apt", "unit": "unit", "suite": "ste",
}  # fmt: skip
_ZIP = re.compile(r"\b(\d{5})(?:-\d{4})?\b")


class Address(NamedTuple):
    """A parsed one-line address; missing parts are None."""

    line1: str
    city: str | None
    state: str | None
    zipcode: str | None

    def one_line(self) -> str:
        tail = " ".join(part for part in (self.state, self.zipcode) if part)
        return ", ".join(part for part in (self.line1, self.city, tail) if part)


def street_key(text: str) -> str:
    """A comparison key for a street line: lowercase, no punctuation, USPS abbreviations."""
    words = re.sub(r"[^a-z0-9 ]", " ", text.lower().replace("#", " unit ")).split()
    return " ".join(_SUFFIXES.get(word, word) for word in words)


def parse_address(text: str) -> Address:
    """Parse with scourgify (imported lazily: it is slow to load); fall back to comma splitting."""
    text = " ".join(text.split()).strip(" ,")
    try:
        from scourgify import normalize_address_record

        rec = normalize_address_record(text)
        line1 = " ".join(p for p in (rec.get("address_line_1"), rec.get("address_line_2")) if p)
        if line1:
            return Address(line1, rec.get("city"), rec.get("state"), rec.get("postal_code"))
    except Exception:  # any parse failure: scourgify raises several unrelated error types
        pass
    return _fallback_parse(text)


def _fallback_parse(text: str) -> Address:
    parts = [part.strip() for part in text.split(",") if part.strip()]
    zip_match = _ZIP.search(parts[-1]) if len(parts) > 1 else None
    zipcode = zip_match.group(1) if zip_match else None
    state = None
    if len(parts) > 1:
        state_match = re.match(r"([A-Za-z]{2})\b", parts[-1].strip())
        state = state_match.group(1).upper() if state_match else None
    city = parts[1] if len(parts) > 2 else None
    return Address(parts[0] if parts else text, city, state, zipcode)
