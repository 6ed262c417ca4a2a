"""Limits on what a skill may send back: a total size and a nesting depth.

A skill is untrusted code: a 20 MB or 2,000-levels-deep reply must become a readable tool error,
never a crashed turn or a bloated context. Every backend's reply passes through here.
"""

from __future__ import annotations

import json
from typing import Any

MAX_REPLY_BYTES = 1_000_000
MAX_DEPTH = 32

TOO_LARGE = "{name} replied with more than {limit:,} bytes, the most a skill may return"
TOO_DEEP = "{name} replied with data nested more than {limit} levels deep"
MALFORMED = "{name} returned a malformed response"


class ReplyLimitError(ValueError):
    """A reply over a limit (or unreadable); the message is readable by the model."""


def depth_of(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deep containers nest in `value`, counted without recursion; stops past `limit`."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def checked_value(name: str, value: Any) -> Any:
    """`value` when it is within both limits; ReplyLimitError otherwise."""
    if depth_of(value) > MAX_DEPTH:
        raise ReplyLimitError(TOO_DEEP.format(name=name, limit=MAX_DEPTH))
    if len(json.dumps(value, ensure_ascii=False)) > MAX_REPLY_BYTES:
        raise ReplyLimitError(TOO_LARGE.format(name=name, limit=MAX_REPLY_BYTES))
    return value


def parsed_reply(name: str, raw: bytes) -> Any:
    """Parse a skill's JSON reply body under the size and depth limits."""
    if len(raw) > MAX_REPLY_BYTES:
        raise ReplyLimitError(TOO_LARGE.format(name=name, limit=MAX_REPLY_BYTES))
    try:
        value = json.loads(raw)
    except RecursionError:
        raise ReplyLimitError(TOO_DEEP.format(name=name, limit=MAX_DEPTH)) from None
    except ValueError:
        raise ReplyLimitError(MALFORMED.format(name=name)) from None
    if depth_of(value) > MAX_DEPTH:
        raise ReplyLimitError(TOO_DEEP.format(name=name, limit=MAX_DEPTH))
    return value
