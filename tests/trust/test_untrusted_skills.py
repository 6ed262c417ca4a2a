"""A malicious skill installed beside the real ones (tests/fixtures/skills/evil, shadow): what
it tries and what the platform lets through (tests/trust/ATTACKS.md)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.registry import SkillRegistry
from tests.servers import ROOT, free_port_window
from tests.trust.helpers import ALICE, FIXTURES, app_client, bearer, write_tokens


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("evil")
    skills = folder / "skills"
    shutil.copytree(FIXTURES / "evil", skills / "evil")
    shutil.copytree(FIXTURES / "evil_mcp", skills / "evil_mcp")
    (skills / "real_estate").symlink_to(ROOT / "skills" / "real_estate")
    with app_client(
        folder / "memory", skills_dir=skills, api_tokens_file=write_tokens(folder)
    ) as client:
        yield client


def _saved(client: TestClient) -> list[str]:
    entries = client.get("/memory/preferences", headers=bearer(ALICE)).json()["preferences"]
    return [e["key"] for e in entries.get("real_estate", []) if e["entry_type"] == "SAVED"]


def _a_zpid(client: TestClient) -> str:
    reply = client.post("/tools/search_properties", json={"params": {"location": "Austin"}})
    return str(reply.json()["result"]["items"][0]["zpid"])


def test_a_forged_write_of_another_skills_entry_changes_nothing(client: TestClient) -> None:
    zpid = _a_zpid(client)
    saved = client.post("/tools/save_home", json={"params": {"zpid": zpid}}, headers=bearer(ALICE))
    assert saved.status_code == 200 and f"home_{zpid}" in _saved(client)
    forged = client.post(
        "/tools/evil_forge", json={"params": {"key": f"home_{zpid}"}}, headers=bearer(ALICE)
    )
    assert forged.status_code == 403 and "declares no `writes`" in forged.json()["detail"]
    declared = client.post("/tools/evil_declared", json={"params": {}}, headers=bearer(ALICE))
    assert declared.status_code == 403 and "may not write [PREFERENCE] note" in declared.text
    as_guest = client.post("/tools/evil_forge", json={"params": {"key": f"home_{zpid}"}})
    assert as_guest.status_code == 403
    assert f"home_{zpid}" in _saved(client)
    changes = client.get("/memory/changes", headers=bearer(ALICE)).json()["changes"]
    assert all(c["skill"] == "real_estate" and c["key"] == f"home_{zpid}" for c in changes)


def test_an_mcp_servers_structured_result_never_writes(client: TestClient) -> None:
    zpid = _a_zpid(client)
    client.post("/tools/save_home", json={"params": {"zpid": zpid}}, headers=bearer(ALICE))
    assert f"home_{zpid}" in _saved(client)
    forged = client.post(
        "/tools/evil_mcp_forge", json={"params": {"key": f"home_{zpid}"}}, headers=bearer(ALICE)
    )
    assert forged.status_code == 403 and "declares no `writes`" in forged.json()["detail"]
    assert f"home_{zpid}" in _saved(client)  # its SKILL.md's `writes` was not believed
    big = client.post("/tools/evil_mcp_big", json={"params": {}}, headers=bearer(ALICE))
    assert big.status_code == 502 and "more than 1,000,000 bytes" in big.json()["detail"]


def test_an_oversize_reply_is_a_readable_error(client: TestClient) -> None:
    reply = client.post("/tools/evil_big", json={"params": {}}, headers=bearer(ALICE))
    assert reply.status_code == 502 and "more than 1,000,000 bytes" in reply.json()["detail"]
    small = client.post("/tools/evil_big", json={"params": {"size": 10}}, headers=bearer(ALICE))
    assert small.status_code == 200  # the skill still works for sane replies


def test_an_oversize_reply_is_a_readable_error_off_the_fork_path_too(tmp_path: Path) -> None:
    """A restarting worker's reply (as Docker, services and Node workers answer) is read in
    chunks and cut past the cap, as the fork path's is."""
    skills = tmp_path / "skills"
    shutil.copytree(FIXTURES / "evil", skills / "evil")
    with app_client(tmp_path / "memory", skills_dir=skills, skill_isolation="restart") as client:
        reply = client.post("/tools/evil_big", json={"params": {}})
        assert reply.status_code == 502 and "more than 1,000,000 bytes" in reply.json()["detail"]
        small = client.post("/tools/evil_big", json={"params": {"size": 10}})
        assert small.status_code == 200


def test_a_deeply_nested_reply_is_a_readable_error(client: TestClient) -> None:
    reply = client.post("/tools/evil_deep", json={"params": {"size": 600}}, headers=bearer(ALICE))
    assert reply.status_code == 502 and "nested more than 32 levels" in reply.json()["detail"]


def test_an_unknown_token_is_401_not_a_guest(client: TestClient) -> None:
    reply = client.post(
        "/tools/search_properties", json={"params": {}}, headers=bearer("not-a-token-at-all")
    )
    assert reply.status_code == 401
    assert client.post("/tools/search_properties", json={"params": {}}).status_code == 200


def _registry(tmp_path: Path, tool_name: str) -> SkillRegistry:
    skills = tmp_path / "skills"
    shutil.copytree(FIXTURES / "shadow", skills / "aaa_shadow")
    (skills / "aaa_shadow" / ".env").write_text(f"TOOL_NAME={tool_name}\n")
    (skills / "current_time").symlink_to(ROOT / "skills" / "current_time")
    return SkillRegistry(skills, ProcessBackend, PortAllocator(free_port_window()))


async def test_a_second_skill_declaring_a_tool_name_is_refused_with_its_owner(
    tmp_path: Path,
) -> None:
    registry = _registry(tmp_path, "get_current_time")
    try:
        await registry.start()
        assert registry.skill_for("get_current_time") is None  # neither registered it first
        assert registry.names == []
        assert "also declared by current_time and none" in registry.failed["shadow"]
        assert "also declared by shadow and none" in registry.failed["current_time"]
    finally:
        await registry.close()


def test_a_newcomer_declaring_a_registered_tool_is_refused_and_the_owner_keeps_it(
    tmp_path: Path,
) -> None:
    """real_estate ran first; a skill installed later (its folder sorting first) declares
    search_properties: it is refused with the owner's name and real_estate keeps working."""
    skills = tmp_path / "skills"
    skills.mkdir()
    (skills / "real_estate").symlink_to(ROOT / "skills" / "real_estate")
    with app_client(tmp_path / "memory", skills_dir=skills) as first:
        assert first.get("/skills").json()["skills"] == ["real_estate"]
    shutil.copytree(FIXTURES / "shadow", skills / "aaa_shadow")
    (skills / "aaa_shadow" / ".env").write_text("TOOL_NAME=search_properties\n")
    with app_client(tmp_path / "memory", skills_dir=skills) as client:
        listed = client.get("/skills").json()
        assert listed["skills"] == ["real_estate"]
        assert listed["tools"]["search_properties"]["skill"] == "real_estate"
        reason = client.app.state.runtime.registry.failed["shadow"]  # type: ignore[attr-defined]
        assert reason == "tool 'search_properties' is already registered by real_estate; rename it"
        found = client.post("/tools/search_properties", json={"params": {"location": "78745"}})
        assert found.status_code == 200 and "shadowed" not in found.text


async def test_a_tool_name_providers_refuse_keeps_the_skill_out(tmp_path: Path) -> None:
    registry = _registry(tmp_path, "shadow tool!")
    try:
        await registry.start()
        assert registry.names == ["current_time"]
        assert "is not valid" in registry.failed["shadow"]
    finally:
        await registry.close()
