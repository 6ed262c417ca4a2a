"""The compact view a skill declares for the model (`for_model`), and its fallbacks."""

from __future__ import annotations

import json

from agent_graph.skills.model.metadata import read_meta

VIEW = {"rows": "items", "columns": ["id", "name", "tags", "far"], "fields": ["total", "query"]}
RESULT = {
    "type": "things",
    "total": 2,
    "query": {"kind": "red", "max": 3, "none": None},
    "items": [
        {"id": "a1", "name": "first | one", "tags": ["x", "y"], "far": None, "blob": "z" * 900},
        {"id": "b2", "name": "second\nline", "tags": [], "far": None, "size": 1.0},
    ],
}


def test_a_declared_view_is_a_numbered_table_of_the_columns_that_have_values() -> None:
    text = read_meta("t", {"for_model": VIEW}).model_text(RESULT)
    assert text.splitlines() == [
        "total: 2",
        "query: kind=red, max=3",
        "# | id | name | tags",
        "1 | a1 | first / one | x, y",
        "2 | b2 | second line | ",
    ]
    assert len(text) < len(json.dumps(RESULT)) / 4


def test_long_cells_are_cut() -> None:
    view = {"rows": "items", "columns": ["blob"]}
    line = read_meta("t", {"for_model": view}).model_text(RESULT).splitlines()[1]
    assert line.endswith("…") and len(line) < 450


def test_without_a_view_or_with_a_malformed_one_or_other_rows_the_model_reads_json() -> None:
    for raw in (None, {"rows": "items"}, {"rows": 3, "columns": ["id"]}, "table"):
        assert read_meta("t", {"for_model": raw}).model_text(RESULT) == json.dumps(RESULT)
    other = {"type": "memory_write", "key": "budget"}
    assert read_meta("t", {"for_model": VIEW}).model_text(other) == json.dumps(other)
