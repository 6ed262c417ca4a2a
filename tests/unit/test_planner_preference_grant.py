"""A planner reads another skill's preference only where its SKILL.md grants that key
(`planner_reads: [preference:<key>]`): the value of that key, never the other skill's other
entries (its saved homes, its other preferences), and nothing without the grant; the alerts a
conversation opened with are read by their own skill's planner alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_graph.planning.view import Facts, TurnView
from agent_graph.skills.model.manifest import ManifestError, load_skill

KEEPER = [
    {"entry_type": "PREFERENCE", "key": "ceiling", "value": "$500,000"},
    {"entry_type": "PREFERENCE", "key": "area", "value": "Austin"},
    {"entry_type": "SAVED", "key": "ceiling_note", "value": "private"},
]
OWN = [{"entry_type": "PREFERENCE", "key": "rate", "value": "6.5"}]
FACTS = Facts(
    entries={"keeper": KEEPER, "reader": OWN},
    owners={"reader_tool": "reader", "keeper_tool": "keeper"},
    heard=frozenset({"reader", "keeper"}),
)
TURN = TurnView("what would I pay on my ceiling", ("reader_tool", "keeper_tool"), (), (), FACTS)


def test_a_granted_key_of_another_skills_preferences_is_read_beside_its_own() -> None:
    granted = TURN.for_plan("reader", frozenset({"preference:ceiling"}))
    assert granted is not None
    assert granted["preferences"] == {"ceiling": "$500,000", "rate": "6.5"}


def test_without_the_grant_only_its_own_entries_are_read() -> None:
    for reads in [frozenset(), frozenset({"ceiling"}), frozenset({"preference:ceiling_note"})]:
        seen = TURN.for_plan("reader", reads)
        assert seen is not None and seen["preferences"] == {"rate": "6.5"}


def _skill(root: Path, reads: str) -> Path:
    folder = root / "reader"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\nname: reader\nimage: x\nplanner_reads: {reads}\n---\n")
    return folder


def test_the_manifest_takes_a_preference_key_and_refuses_one_that_is_no_key(
    tmp_path: Path,
) -> None:
    spec = load_skill(_skill(tmp_path / "a", "[listings, preference:ceiling]"))
    assert spec.planner_reads == frozenset({"listings", "preference:ceiling"})
    with pytest.raises(ManifestError, match="or preference:<key>"):
        load_skill(_skill(tmp_path / "b", '[listings, "preference:Not A Key"]'))


def test_a_planner_reads_the_opening_alerts_of_its_own_skill_only() -> None:
    alerts = (
        {"skill": "keeper", "kind": "price_drop", "title": "Price drop", "items": [{"zpid": "1"}]},
        {"skill": "reader", "kind": "rate", "title": "Rates fell", "body": "", "items": []},
    )
    turn = TurnView("the one that dropped?", ("reader_tool", "keeper_tool"), (), (),
                    Facts(owners=FACTS.owners, heard=FACTS.heard, opening_alerts=("Price drop", "Rates fell"), alerted=alerts))  # fmt: skip
    keeper, reader = turn.for_plan("keeper", frozenset()), turn.for_plan("reader", frozenset())
    assert keeper is not None and reader is not None
    assert keeper["alerts"] == [
        {"kind": "price_drop", "title": "Price drop", "items": [{"zpid": "1"}]}
    ]
    assert reader["alerts"] == [{"kind": "rate", "title": "Rates fell", "items": []}]
    assert (
        turn.facts.opening("Hello.") == "Since your last visit: Price drop; Rates fell.\n\nHello."
    )
