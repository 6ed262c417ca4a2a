"""Passwords: argon2id through argon2-cffi, with parameters measured on a 2-core machine to take
about 100-250 ms per check (`python -m bench --only auth`): slow for a guesser, quick enough
for a person. A hash made with older parameters is upgraded at the next right sign-in."""

from __future__ import annotations

import threading
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

HASHER: Final = PasswordHasher(time_cost=2, memory_cost=65536, parallelism=1)
"""argon2id, 2 passes over 64 MiB, one lane (above OWASP's floors). Measured on this 2-core
machine: about 130 ms per check when it is quiet, 150-220 ms when shared by several busy
processes; 3 passes over 19 MiB took 40 ms quiet, too quick (bench/auth.py)."""
AT_ONCE: Final = threading.BoundedSemaphore(2)
"""Checks running at once: a burst of sign-ins queues here rather than taking 64 MiB and a
core each (the rate limits stop a guesser; this stops a flood from exhausting memory)."""
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
    check_rules(password)
    with AT_ONCE:
        return HASHER.hash(password)


def verify(password_hash: str | None, password: str) -> bool:
    """Whether `password` matches; an account with no password (single sign-on only) or an
    unknown email is checked against a decoy, so both take as long as a wrong password."""
    try:
        with AT_ONCE:
            right = HASHER.verify(password_hash or _DECOY, password)
        return right and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def upgraded(password_hash: str, password: str) -> str | None:
    """A new hash of a right password when its hash has older parameters (no rules checked:
    the password was accepted when it was set)."""
    if not HASHER.check_needs_rehash(password_hash):
        return None
    with AT_ONCE:
        return HASHER.hash(password)
