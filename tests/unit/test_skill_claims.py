"""Who keeps a disputed tool name or widget kind (agent_graph/skills/model/claims.py)."""

from __future__ import annotations

from pathlib import Path

from agent_graph.skills.model.claims import clashes, load_claims, save_claims, updated

TOOL = "tool 'search_properties'"
WIDGET = "widget kind 'mortgage'"


def test_the_registered_owner_keeps_a_name_and_the_newcomer_is_refused() -> None:
    declared = {"real_estate": [TOOL], "aaa_shadow": [TOOL], "mortgage": [WIDGET], "b": [WIDGET]}
    claims = {TOOL: "real_estate", WIDGET: "mortgage"}
    refused = clashes(declared, claims, set(declared))
    assert refused == {
        "aaa_shadow": f"{TOOL} is already registered by real_estate; rename it",
        "b": f"{WIDGET} is already registered by mortgage; rename it",
    }


def test_an_owner_that_failed_to_start_still_owns_its_names() -> None:
    refused = clashes({"aaa_shadow": [TOOL]}, {TOOL: "real_estate"}, {"aaa_shadow", "real_estate"})
    assert refused == {"aaa_shadow": f"{TOOL} is already registered by real_estate; rename it"}


def test_a_removed_owner_or_a_renamed_tool_frees_the_name() -> None:
    assert clashes({"new": [TOOL]}, {TOOL: "real_estate"}, {"new"}) == {}
    declared = {"real_estate": ["tool 'search'"], "new": [TOOL]}
    assert clashes(declared, {TOOL: "real_estate"}, set(declared)) == {}


def test_newcomers_together_are_all_refused_and_a_name_twice_in_one_skill_too() -> None:
    refused = clashes({"a": [WIDGET], "b": [WIDGET], "c": [TOOL, TOOL]}, {}, {"a", "b", "c"})
    assert "also declared by b and none of them registered it first" in refused["a"]
    assert "also declared by a" in refused["b"]
    assert refused["c"] == f"{TOOL} is declared twice"


def test_claims_survive_a_restart_and_forget_removed_skills(tmp_path: Path) -> None:
    path = tmp_path / "skills" / "claims.json"
    assert load_claims(path) == {}
    before = {TOOL: "real_estate", "tool 'gone'": "removed", "tool 'x'": "down"}
    save_claims(path, updated(before, {"real_estate": [TOOL]}, {"real_estate", "down"}))
    assert load_claims(path) == {TOOL: "real_estate", "tool 'x'": "down"}
    path.write_text("not json")
    assert load_claims(path) == {}
