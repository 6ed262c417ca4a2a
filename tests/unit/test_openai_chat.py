"""The OpenAI-compatible layer's pure parts: sessions, message text, Markdown tables."""

from __future__ import annotations

import hashlib
from pathlib import Path

from agent_graph.security.ids import SESSION_ID
from agent_graph.security.pseudonyms import KEY_FILE, Pseudonyms, deployment_key
from agent_graph.server.openai_chat import (
    message_text,
    session_for,
)
from agent_graph.skills.model.model_view import ModelView

KEYED = Pseudonyms(b"k" * 32)


def test_a_named_conversation_keeps_its_id_or_gets_a_stable_valid_one() -> None:
    assert session_for(KEYED, "alice", "3f2a-chat-id", "hi") == "3f2a-chat-id"
    mailed = session_for(KEYED, "alice", "alice@example.com", "hi")
    assert SESSION_ID.match(mailed)
    assert mailed == session_for(KEYED, "bob", "alice@example.com", "x")


def test_an_unnamed_conversation_is_its_callers_and_its_opening_words() -> None:
    first = session_for(KEYED, "alice", None, "3 bedroom houses in Austin")
    assert first == session_for(KEYED, "alice", "", "3 bedroom houses in Austin")
    assert first != session_for(KEYED, "bob", None, "3 bedroom houses in Austin")
    assert first != session_for(KEYED, "alice", None, "condos in Austin")


def test_a_derived_session_id_depends_on_the_deployments_secret() -> None:
    opening = "3 bedroom houses in Austin"
    ours = session_for(KEYED, "alice", None, opening)
    theirs = session_for(Pseudonyms(b"another secret, 32 bytes long..."), "alice", None, opening)
    assert ours != theirs
    # not the plain hash anyone could compute from the user and the first message
    plain = "oa-" + hashlib.sha256(f"alice\n{opening}".encode()).hexdigest()[:40]
    assert plain not in (ours, theirs)
    named = session_for(KEYED, "alice", "alice@example.com", "hi")
    assert named != session_for(Pseudonyms(b"x" * 32), "alice", "alice@example.com", "hi")


def test_the_secret_is_the_setting_else_one_made_once_and_kept(tmp_path: Path) -> None:
    assert deployment_key("from-the-settings", tmp_path) == b"from-the-settings"
    assert not (tmp_path / KEY_FILE).exists()
    made = deployment_key("", tmp_path)
    assert len(made) == 32 and deployment_key("", tmp_path) == made  # kept across starts
    assert (tmp_path / KEY_FILE).stat().st_mode & 0o777 == 0o600
    assert deployment_key("", tmp_path / "elsewhere") != made


def test_text_of_content_parts() -> None:
    parts = [
        {"type": "text", "text": "condos"},
        {"type": "image_url"},
        {"type": "text", "text": "in Austin"},
    ]
    assert message_text(parts) == "condos\nin Austin"
    assert message_text(None) == ""


def test_markdown_table_of_the_declared_columns_with_links() -> None:
    view = ModelView("items", ("zpid", "address", "hoa"), ())
    result = {
        "items": [
            {"zpid": "1", "address": "1 A St | [x]", "url": "https://example.com/1"},
            {"zpid": "2", "address": "2 B St"},
        ]
    }
    assert view.markdown(result) == "\n".join(
        (
            "| # | zpid | address | link |",
            "|---|---|---|---|",
            "| 1 | 1 | 1 A St / (x) | [open](https://example.com/1) |",
            "| 2 | 2 | 2 B St |  |",
        )
    )
    assert view.markdown({"items": []}) is None and ModelView().markdown(result) is None
