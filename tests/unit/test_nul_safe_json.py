"""JSON for PostgreSQL: a NUL character becomes U+FFFD, the six characters `\\u0000` stay."""

from __future__ import annotations

import json

from agent_graph.storage.postgres.nul_safe import _json_dumps


def test_nul_characters_are_replaced_and_escaped_backslashes_are_not() -> None:
    value = {"a\x00": ["x\x00y", "literal \\u0000", "\\\x00"], "n": 1}
    assert json.loads(_json_dumps(value)) == {
        "a\ufffd": ["x\ufffdy", "literal \\u0000", "\\\ufffd"],
        "n": 1,
    }
