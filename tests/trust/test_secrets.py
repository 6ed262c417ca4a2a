"""Planted secrets never come out: SSE events, error messages, session files, Chroma files,
preferences and the server's own log (stdout and stderr, at DEBUG level)."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.servers import free_port_window, sse_events, start_server
from tests.trust.helpers import bearer, clock_skills, kill_orphan_workers, write_tokens

PROVIDER_KEY = "sk-planted-provider-7f3a9c"
LLM_KEY = "llm-planted-key-51be02"
SKILL_SECRET = "skill-planted-secret-c0ffee"
USER_TOKEN = "token-planted-user-9d8e7f6a5b"
SECRETS = (PROVIDER_KEY, LLM_KEY, SKILL_SECRET, USER_TOKEN)


def _stream(url: str, token: str, text: str, session: str | None = None) -> str:
    body = {"message": text, **({"session_id": session} if session else {})}
    with httpx.stream(
        "POST", f"{url}/chat/stream", json=body, headers=bearer(token), timeout=30
    ) as response:
        assert response.status_code == 200
        return "\n".join(response.iter_lines())


def test_planted_secrets_appear_in_no_output(tmp_path: Path) -> None:
    clock = clock_skills(tmp_path, secret=SKILL_SECRET)
    tokens = write_tokens(tmp_path, {USER_TOKEN: {"user": "alice", "role": "user"}})
    server = start_server(
        tmp_path / "memory",
        free_port_window(),
        SKILLS_DIR=str(clock.skills_dir),
        API_TOKENS_FILE=str(tokens),
        OPENAI_API_KEY=PROVIDER_KEY,
        LLM_API_KEY=LLM_KEY,
        LOG_LEVEL="DEBUG",
    )
    outputs: list[str] = []
    try:
        clock.set("secret")
        echoed = _stream(server.url, USER_TOKEN, "what time is it?")
        assert "[REDACTED]" in echoed  # the skill did echo its secret, and it was caught
        session = sse_events(echoed.splitlines())[0]["session_id"]
        outputs.append(echoed)
        clock.set("secret_variants")
        varied = _stream(server.url, USER_TOKEN, "what time is it?", session)
        assert "keys [REDACTED] and [REDACTED]" in varied
        outputs.append(varied)
        clock.set("secret_error")
        outputs.append(_stream(server.url, USER_TOKEN, "what time is it now?", session))
        clock.set("ok")
        outputs.append(_stream(server.url, USER_TOKEN, "and the time now?", session))
        for path in (f"/sessions/{session}", "/sessions", f"/debug/sessions/{session}/context"):
            outputs.append(httpx.get(server.url + path, headers=bearer(USER_TOKEN)).text)
        wrong = httpx.get(f"{server.url}/sessions", headers=bearer(USER_TOKEN + "x"))
        assert wrong.status_code == 401
        outputs += [wrong.text, str(wrong.headers), httpx.get(f"{server.url}/health").text]
    finally:
        server.stop()
        kill_orphan_workers(clock.skills_dir)
    outputs.append(server.log())
    for text in outputs:
        for secret in SECRETS:
            assert secret not in text
        assert SKILL_SECRET.title() not in text and "SKILL_PLANTED" not in text
    stored = [p for p in (tmp_path / "memory").rglob("*") if p.is_file()]
    assert any(p.suffix == ".json" for p in stored) and any("chroma" in str(p) for p in stored)
    for path in stored:
        content = path.read_bytes()
        for secret in SECRETS:
            assert secret.encode() not in content, (secret, path)
