"""PostgreSQL text and jsonb cannot hold NUL (U+0000); a message, a skill result or a model answer
may. On our connections a NUL is stored as U+FFFD instead of failing the whole write."""

from __future__ import annotations

import json
import re
from typing import Any

import psycopg
from psycopg.types.json import set_json_dumps
from psycopg.types.string import StrBinaryDumper, StrDumperUnknown

NUL: str = "\x00"
REPLACEMENT: str = "\ufffd"
#: `\u0000` in JSON text, unless its backslash is itself escaped (a literal "\u0000" string).
_JSON_NUL = re.compile(r"(?<!\\)((?:\\\\)*)\\u0000")


class _Text(StrDumperUnknown):
    def dump(self, obj: str) -> Any:
        return super().dump(obj.replace(NUL, REPLACEMENT))


class _BinaryText(StrBinaryDumper):
    def dump(self, obj: str) -> Any:
        return super().dump(obj.replace(NUL, REPLACEMENT))


def _json_dumps(obj: Any) -> str:
    return _JSON_NUL.sub(r"\1\\ufffd", json.dumps(obj))


def make_nul_safe(conn: psycopg.Connection[Any] | psycopg.AsyncConnection[Any]) -> None:
    """Strings and JSON sent on `conn` have every NUL replaced by U+FFFD."""
    conn.adapters.register_dumper(str, _Text)
    conn.adapters.register_dumper(str, _BinaryText)
    set_json_dumps(_json_dumps, conn)
