"""Secrets never leave: not split across streamed tokens, not in stored turns or titles, not
in log records; only secret-looking values count, URL passwords included; files stay private."""

from __future__ import annotations

import io
import logging
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGenerationChunk

from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.secret_settings import secret_values
from agent_graph.security.log_redaction import RedactingFilter
from agent_graph.security.private_files import keep_private
from agent_graph.security.sanitizer import REDACTED, Sanitizer, StreamRedactor
from agent_graph.storage.sessions import SessionStore
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
from tests.fakes import InMemorySkills, ScriptedChatModel

KEY = "sk-planted-0123456789"
PIECES = ["Your key is sk-pla", "nted-01234", "56789 and more", " words."]


class PiecewiseModel(ScriptedChatModel):
    """Streams its answer in fixed pieces that cut the key in three."""

    def _stream(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any
    ) -> Iterator[ChatGenerationChunk]:
        self.seen.append(list(messages))
        for piece in PIECES:
            yield ChatGenerationChunk(message=AIMessageChunk(content=piece))


def test_only_secret_looking_values_and_url_passwords_count() -> None:
    found = secret_values(
        {
            "SEARCH_TIMEOUT_S": "300000",
            "SEARCH_HOST": "listings.internal",
            "REALTY_API_KEY": "rk-123456789",
            "DATABASE_URL": "postgresql://app:pg-pass-4242@db:5432/propsearch",
            "REDIS_URL": "redis://:redis-pass-77@cache:6379/0",
            "CACHE_URL": "redis://cache:6379/0",
        }
    )
    assert found == ["pg-pass-4242", "redis-pass-77", "rk-123456789"]


def test_a_secret_split_across_pieces_is_caught_and_nothing_else_is_held() -> None:
    redactor = StreamRedactor(Sanitizer([KEY]))
    out = [redactor.feed(p) for p in PIECES]
    assert "".join(out) + redactor.flush() == f"Your key is {REDACTED} and more words."
    assert out[0] == "Your key is "  # only the part that could begin the key waits
    ordinary = StreamRedactor(Sanitizer([KEY]))
    assert ordinary.feed("nothing secret here") == "nothing secret here"


def test_case_and_separator_variants_of_a_secret_are_redacted_too() -> None:
    sanitizer = Sanitizer([KEY, "abc"])
    for variant in (KEY.title(), KEY.upper(), "SK_PLANTED_0123456789", "sk planted 01234-56789"):
        assert sanitizer.redact(f"key: {variant}!") == f"key: {REDACTED}!", variant
    assert sanitizer.redact("ABC and a-b-c") == "ABC and a-b-c"  # too short for variants
    assert sanitizer.redact("sk, planted... 0123456789") == "sk, planted... 0123456789"
    redactor = StreamRedactor(sanitizer)
    out = [redactor.feed(p) for p in ["Key: Sk-Pla", "nted-01234", "56789."]]
    assert "".join(out) + redactor.flush() == f"Key: {REDACTED}."


def test_every_string_of_a_value_is_redacted_and_a_clean_value_is_left_as_it_is() -> None:
    sanitizer = Sanitizer([KEY])
    clean = {"items": [{"address": "1 Oak St", "beds": 3}], "note": ("a", "b")}
    assert sanitizer.redact_value(clean) is clean  # nothing to do: not even a copy
    dirty = {
        "items": [{"address": f"1 Oak St ({KEY})", "beds": 3}],
        "note": ("a", KEY.upper().replace("-", "_")),
        KEY: "a key as a key",
    }
    redacted = sanitizer.redact_value(dirty)
    assert redacted == {
        "items": [{"address": f"1 Oak St ({REDACTED})", "beds": 3}],
        "note": ("a", REDACTED),
        REDACTED: "a key as a key",
    }
    assert KEY in dirty  # the original is not changed


async def test_the_stream_and_the_stored_turn_never_carry_the_key(tmp_path: Path) -> None:
    model = PiecewiseModel(respond=lambda _: AIMessage("".join(PIECES)))
    services = Services(
        skills=InMemorySkills({}),
        model=model,
        sessions=SessionStore(tmp_path),
        sanitizer=Sanitizer([KEY]),
    )
    runner = TurnRunner(build_graph(services), services.sanitizer, sessions=services.sessions)
    events = [
        e async for e in runner.events(TurnRequest("alice", "s1", f"my key is {KEY}, keep it"))
    ]
    streamed = "".join(e.content for e in events if e.type == "token")
    assert REDACTED in streamed and "sk-pla" not in streamed
    stored = tmp_path.rglob("*")
    text = "".join(p.read_text() for p in stored if p.is_file())
    assert text and KEY not in text and REDACTED in text


def test_log_records_are_redacted_with_their_arguments_and_tracebacks() -> None:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(RedactingFilter(Sanitizer([KEY])))
    log = logging.getLogger("test.redaction")
    log.addHandler(handler)
    try:
        log.error("calling with %s", KEY)
        try:
            raise ValueError(f"bad key {KEY}")
        except ValueError:
            log.exception("failed")
    finally:
        log.removeHandler(handler)
    assert KEY not in out.getvalue() and out.getvalue().count(REDACTED) == 2


def test_what_the_server_writes_is_private(tmp_path: Path) -> None:
    root = tmp_path / "memory"
    (root / "alice").mkdir(parents=True)
    old = root / "alice" / "session.json"
    old.write_text("{}")
    old.chmod(0o644)
    keep_private(root)
    new = root / "alice" / "new.json"
    new.write_text("{}")
    (root / "logs").mkdir()
    for path, mode in ((old, 0o600), (new, 0o600), (root / "alice", 0o700), (root / "logs", 0o700)):
        assert stat.S_IMODE(path.stat().st_mode) == mode, path
