from __future__ import annotations

import os
from pathlib import Path

import pytest

from agent_graph.memory import preferences
from agent_graph.memory.preferences import (
    PreferenceEntry,
    PreferenceStore,
    render_entries,
)

BUDGET = PreferenceEntry("PREFERENCE", "budget_max", "$450,000")
NO_CONDO = PreferenceEntry("DECISION", "exclude_property_type", "condo")


@pytest.fixture
def store(tmp_path: Path) -> PreferenceStore:
    return PreferenceStore(tmp_path)


def test_upsert_writes_the_documented_file_format(store: PreferenceStore, tmp_path: Path) -> None:
    store.upsert("local", "real_estate", BUDGET)
    store.upsert("local", "real_estate", NO_CONDO)
    path = tmp_path / "users/local/skills/real_estate/preferences.md"
    assert path.read_text() == (
        "[PREFERENCE] budget_max: $450,000\n[DECISION] exclude_property_type: condo\n"
    )
    assert store.load("local", "real_estate") == [BUDGET, NO_CONDO]


def test_same_type_and_key_overwrites_in_place(store: PreferenceStore) -> None:
    store.upsert("local", "real_estate", BUDGET)
    store.upsert("local", "real_estate", NO_CONDO)
    store.upsert("local", "real_estate", PreferenceEntry("PREFERENCE", "budget_max", "$500,000"))
    assert [e.value for e in store.load("local", "real_estate")] == ["$500,000", "condo"]


def test_same_key_with_another_type_appends(store: PreferenceStore) -> None:
    store.upsert("local", "real_estate", BUDGET)
    store.upsert("local", "real_estate", PreferenceEntry("OBSERVATION", "budget_max", "flexible"))
    assert len(store.load("local", "real_estate")) == 2


def test_missing_file_loads_empty(store: PreferenceStore) -> None:
    assert store.load("nobody", "real_estate") == []
    assert store.load_all("nobody") == {}
    assert render_entries(store.load_all("nobody")) == ""


def test_garbled_lines_are_ignored_on_load_and_kept_on_rewrite(
    store: PreferenceStore, tmp_path: Path
) -> None:
    path = store.path("local", "real_estate")
    path.parent.mkdir(parents=True)
    path.write_bytes(
        b"# my notes\n[PREFERENCE] budget_max: $1\n[WHATEVER] x: y\n[DECISION] bad key: v\n"
        b"\xff\xfe junk\n[PREFERENCE] empty:\n"
    )
    assert store.load("local", "real_estate") == [PreferenceEntry("PREFERENCE", "budget_max", "$1")]
    store.upsert("local", "real_estate", BUDGET)
    lines = path.read_text().splitlines()
    assert lines[0] == "# my notes"
    assert lines[1] == BUDGET.to_line()
    assert "[WHATEVER] x: y" in lines and "[DECISION] bad key: v" in lines


def test_values_may_contain_colons(store: PreferenceStore) -> None:
    entry = PreferenceEntry("OBSERVATION", "viewing_time", "weekends after 10:30")
    store.upsert("u", "s", entry)
    assert store.load("u", "s") == [entry]


@pytest.mark.parametrize("bad", ["../x", "a/b", "a\\b", "", ".hidden", "a..b", "x" * 65, "é"])
def test_path_like_user_and_skill_ids_are_rejected(store: PreferenceStore, bad: str) -> None:
    with pytest.raises(ValueError):
        store.upsert(bad, "real_estate", BUDGET)
    with pytest.raises(ValueError):
        store.upsert("local", bad, BUDGET)
    with pytest.raises(ValueError):
        store.load_all(bad)


@pytest.mark.parametrize("bad", ["budget max", "a/b", "../k", "key:x", "", "[k]", "x" * 65])
def test_invalid_keys_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError):
        PreferenceEntry("PREFERENCE", bad, "v")


@pytest.mark.parametrize("bad", ["two\nlines", "cr\r", "sep\u2028x", "", "   ", "x" * 501])
def test_invalid_values_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError):
        PreferenceEntry("PREFERENCE", "k", bad)


def test_unknown_entry_type_is_rejected() -> None:
    with pytest.raises(ValueError):
        PreferenceEntry("WISH", "k", "v")  # type: ignore[arg-type]


def test_writes_go_through_a_temp_file_and_os_replace(
    store: PreferenceStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src: str, dst: str) -> None:
        calls.append((str(src), str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(preferences.os, "replace", spy)
    store.upsert("local", "real_estate", BUDGET)
    ((src, dst),) = calls
    assert Path(src).parent == Path(dst).parent
    assert dst.endswith("preferences.md") and not Path(src).exists()


def test_a_failed_write_leaves_the_old_file_intact(
    store: PreferenceStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.upsert("local", "real_estate", BUDGET)
    path = store.path("local", "real_estate")
    before = path.read_bytes()

    def crash(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(preferences.os, "replace", crash)
    with pytest.raises(OSError):
        store.upsert("local", "real_estate", NO_CONDO)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["preferences.md"]


def test_forget_removes_the_key_and_reports_it(store: PreferenceStore) -> None:
    store.upsert("local", "real_estate", BUDGET)
    store.upsert("local", "real_estate", NO_CONDO)
    assert store.forget("local", "real_estate", "budget_max") is True
    assert store.load("local", "real_estate") == [NO_CONDO]
    assert store.forget("local", "real_estate", "budget_max") is False
    assert store.forget("local", "other_skill", "budget_max") is False


def test_forget_can_target_one_entry_type(store: PreferenceStore) -> None:
    observation = PreferenceEntry("OBSERVATION", "budget_max", "flexible")
    store.upsert("local", "real_estate", BUDGET)
    store.upsert("local", "real_estate", observation)
    assert store.forget("local", "real_estate", "budget_max", "OBSERVATION")
    assert store.load("local", "real_estate") == [BUDGET]


def test_load_all_and_render_group_per_skill(store: PreferenceStore) -> None:
    store.upsert("local", "real_estate", BUDGET)
    store.upsert("local", "real_estate", NO_CONDO)
    store.upsert("local", "current_time", PreferenceEntry("PREFERENCE", "timezone", "US/Central"))
    store.upsert("someone_else", "real_estate", PreferenceEntry("PREFERENCE", "beds_min", "4"))
    assert list(store.load_all("local")) == ["current_time", "real_estate"]
    assert render_entries(store.load_all("local")) == "\n".join(
        [
            preferences.RENDER_HEADER,
            "[current_time]",
            "- [PREFERENCE] timezone: US/Central",
            "[real_estate]",
            "- [PREFERENCE] budget_max: $450,000",
            "- [DECISION] exclude_property_type: condo",
        ]
    )
    assert "beds_min" not in render_entries(store.load_all("local"))


def test_forgetting_everything_renders_empty(store: PreferenceStore) -> None:
    store.upsert("local", "real_estate", BUDGET)
    store.forget("local", "real_estate", "budget_max")
    assert render_entries(store.load_all("local")) == ""
