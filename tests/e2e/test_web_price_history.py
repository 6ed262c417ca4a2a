"""Issue 38 item 5 in a real browser: the detail card shows a listing's price history after an
update was applied through the real_estate skill's job.

The server runs on a copy of the real_estate skill (SKILLS_DIR); the update, a price cut of one
shipped listing, is applied beforehand by the skill's own worker over `POST /job` into the state
folder the platform then gives the skill (`$SKILL_STATE_DIR`).
"""

from __future__ import annotations

import csv
import gzip
import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from agent_graph.skills.isolation.state import state_dir, state_root
from tests.e2e.axe import assert_accessible
from tests.e2e.helpers import ANSWER_TIMEOUT_MS, ask, wait_for_answer
from tests.servers import free_port_window, start_server
from tests.skills.test_real_estate_updates import StatefulWorker

pytestmark = pytest.mark.browser

SKILLS = Path(__file__).resolve().parents[2] / "skills"
CUT = 25_000


def first_row() -> tuple[list[str], dict[str, str]]:
    data = gzip.decompress((SKILLS / "real_estate/data/austin_listings.csv.gz").read_bytes())
    reader = csv.DictReader(io.StringIO(data.decode()))
    return list(reader.fieldnames or []), next(reader)


@pytest.fixture(scope="module")
def listing() -> dict[str, str]:
    return first_row()[1]


@pytest.fixture(scope="module")
def server(web_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("price-history")
    skills = root / "skills"
    skill = skills / "real_estate"
    shutil.copytree(
        SKILLS / "real_estate",
        skill,
        ignore=shutil.ignore_patterns(".venv", "state", "wish-index", "__pycache__", ".env"),
    )
    shutil.copy(SKILLS / "skill_runtime.py", skills / "skill_runtime.py")
    # the folder the platform gives a `state: true` skill (agent_graph/skills/isolation/state.py)
    state = state_dir(state_root(root / "memory"), "real_estate")
    columns, row = first_row()
    row["latestPrice"] = str(int(row["latestPrice"]) - CUT)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerow(row)
    worker = StatefulWorker(state)
    try:
        status, body = worker.job(
            "apply_listings_update", file=worker.hand_in("cut.csv", out.getvalue().encode()),
            partial=True,
        )  # fmt: skip
        assert status == 200 and body["result"]["summary"]["price"] == 1, body
    finally:
        worker.stop()
    process = start_server(root / "memory", free_port_window(), SKILLS_DIR=str(skills))
    try:
        yield process.url
    finally:
        process.stop()


def test_the_detail_card_shows_the_price_history(
    page: Page, listing: dict[str, str], artifacts: Path
) -> None:
    old = int(listing["latestPrice"])
    ask(page, f"tell me about {listing['streetAddress'].strip()}, {listing['zipcode']}")
    detail = page.get_by_test_id("property-detail")
    expect(detail).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    wait_for_answer(page)
    history = detail.get_by_role("region", name="Price history")
    events = history.get_by_test_id("price-event")
    expect(events).to_have_count(2)
    expect(events.nth(0)).to_contain_text("Price changed")
    expect(events.nth(0)).to_contain_text(f"${old - CUT:,}")
    expect(events.nth(0)).to_contain_text(f"(−${CUT:,})")
    expect(events.nth(1)).to_contain_text("Price on record")  # the data's, not a listing
    expect(events.nth(1)).to_contain_text(f"${old:,}")
    # the shipped data has no listing date: no days counted from its last sale
    expect(history.get_by_test_id("days-on-market")).to_have_text("· listing date unknown")
    expect(detail.locator("p.text-2xl")).to_have_text(f"${old - CUT:,}")  # the current price
    assert_accessible(page, "the detail card with its price history")
    history.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "price-history.png"))
