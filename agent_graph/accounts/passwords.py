"""Passwords: argon2id through argon2-cffi, with parameters measured on a 2-core machine to
take about 100-250 ms per check (`python -m bench auth`): slow for a guesser, quick enough for
a person. A hash made with older parameters is upgraded at the next right sign-in."""

from __future__ import annotations

from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

HASHER: Final = PasswordHasher(time_cost=3, memory_cost=19456, parallelism=1)
"""argon2id, 3 passes over 19 MiB (above OWASP's 2 x 19 MiB setting), one lane. Measured here
(2 shared cores) at 100-150 ms per check when the machine is quiet, ~300 ms when a dozen busy
processes share it; 2 passes took 70-110 ms quiet, below the aim."""
MIN_CHARS: Final = 10
MAX_CHARS: Final = 1024
TOO_SHORT = f"a password needs at least {MIN_CHARS} characters"
TOO_LONG = f"a password may have at most {MAX_CHARS} characters"

_DECOY: Final = HASHER.hash("a password nobody has: checked when an email is unknown")


class WeakPassword(ValueError):
    """A new password the rules refuse; the message says why."""


def check_rules(password: str) -> str:
    if len(password) < MIN_CHARS:
        raise WeakPassword(TOO_SHORT)
    if len(password) > MAX_CHARS:
        raise WeakPassword(TOO_LONG)
    return password


def hash_password(password: str) -> str:
    return HASHER.hash(check_rules(password))


def verify(password_hash: str | None, password: str) -> bool:
    """Whether `password` matches; an account with no password (single sign-on only) or an
    unknown email is checked against a decoy, so both take as long as a wrong password."""
    try:
        return HASHER.verify(password_hash or _DECOY, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return HASHER.check_needs_rehash(password_hash)
