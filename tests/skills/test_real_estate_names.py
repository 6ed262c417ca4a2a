"""The places the real-estate skill is heard by (intents.yaml `names:`, read by the core) are the
places of its bundled data, the same the planner reads as cities (planner/wording.py): one list,
checked here so a dataset with another town cannot leave the two apart."""

from __future__ import annotations

import csv
import gzip
import importlib
import re

from agent_graph.planning.host import load_planner, planner_file
from agent_graph.understanding.intents import declared, load_names
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_planner_names")
_wording = importlib.import_module(f"{_PACKAGE.__name__}.wording")


def data_cities() -> set[str]:
    with gzip.open(SKILL_DIR / "data" / "austin_listings.csv.gz", "rt", encoding="utf-8") as f:
        return {row["city"].strip().lower() for row in csv.DictReader(f) if row["city"].strip()}


def test_the_declared_names_are_the_data_places_and_the_planner_cities() -> None:
    declared = load_names(SKILL_DIR)
    assert {name.lower() for name in declared} == data_cities()
    assert set(declared) == set(_wording.DATA_CITIES.values())


def test_the_kinds_of_street_the_skill_is_heard_by_are_the_planners() -> None:
    """intents.yaml `shapes:` names a street's kinds the core hears an address by; each is one
    the planner reads an address with (planner/refs.py), so no address is heard and not read."""
    refs = importlib.import_module(f"{_PACKAGE.__name__}.refs")
    planner_kinds = set(refs._SUFFIXES.split("|"))
    (shape,) = declared([("real_estate", SKILL_DIR)]).shapes["real_estate"]
    heard_kinds = re.search(r"\\s\+\(\?:([a-z|]+)\)", shape)
    assert heard_kinds is not None
    assert set(heard_kinds.group(1).split("|")) <= planner_kinds
