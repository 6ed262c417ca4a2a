"""Which configured values are secrets: secret-looking names, and credentials inside URLs.

Only these are redacted. A skill's `.env` holds timeouts and hostnames too; redacting every
value would turn "30" or "localhost" into [REDACTED] in every answer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

SECRET_NAME = re.compile(
    r"(API_KEY|_KEY|TOKEN|SECRET|PASSWORD|PASSWD|_PASS|_PWD|CREDENTIALS?)$", re.I
)
URL_CREDENTIALS = re.compile(r"[a-z][a-z0-9+.-]*://(?:[^/\s:@]*):([^/\s@]+)@", re.I)
MIN_SECRET_LENGTH = 6


def url_passwords(value: str) -> list[str]:
    """The passwords of `scheme://user:password@host` URLs inside `value`."""
    return URL_CREDENTIALS.findall(value)


def secret_values(variables: Mapping[str, str]) -> list[str]:
    """Values of secret-looking variables and passwords inside any URL-valued variable."""
    found: list[str] = []
    for name, value in variables.items():
        if not value:
            continue
        if SECRET_NAME.search(name):
            found.append(value)
        found.extend(url_passwords(value))
    return sorted({v for v in found if len(v) >= MIN_SECRET_LENGTH})
