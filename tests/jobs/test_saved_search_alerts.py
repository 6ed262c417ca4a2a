"""Issue 38 end to end with the real real_estate skill: a user's saved search and watch
(confirmed through POST /tools), an operator's listing update (`propsearch jobs run ... --file
--confirm`), and the alerts `match_saved_searches` raised for that user: a new match and the
watched home's price drop, each once; a deleted search raises nothing more."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.servers import ROOT, ServerProcess, free_port_window, start_server
from tests.skill_env import ensure_skill_envs
from tests.skills.real_estate_fakes import SKILL_DIR

ADMIN, ANA = "admin-token-0123456789", "ana-token-0123456789"
TOKENS = {ADMIN: {"user": "ops", "role": "admin"}, ANA: {"user": "ana", "role": "user"}}
_spec = importlib.util.spec_from_file_location("make_update", SKILL_DIR / "data/make_update.py")
make_update = importlib.util.module_from_spec(_spec)  # type: ignore[arg-type]
_spec.loader.exec_module(make_update)  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Path]]:
    ensure_skill_envs()
    folder = tmp_path_factory.mktemp("saved-search-alerts")
    tokens = folder / "tokens.json"
    tokens.write_text(json.dumps(TOKENS))
    tokens.chmod(0o600)
    server = start_server(
        folder / "memory",
        free_port_window(),
        API_TOKENS_FILE=str(tokens),  # default limits: an admin's job file fits
    )
    yield server, folder
    server.stop()


def _tool(server: ServerProcess, tool: str, params: dict[str, Any]) -> dict[str, Any]:
    url, headers = f"{server.url}/tools/{tool}", {"Authorization": f"Bearer {ANA}"}
    asked = httpx.post(url, json={"params": params}, headers=headers, timeout=60)
    assert asked.status_code == 409, asked.text
    body = {"params": params, "confirm": asked.json()["confirm"]}
    done = httpx.post(url, json=body, headers=headers, timeout=60)
    assert done.status_code == 200, done.text
    return dict(done.json())


def _alerts(server: ServerProcess) -> list[dict[str, Any]]:
    headers = {"Authorization": f"Bearer {ANA}"}
    return list(httpx.get(f"{server.url}/alerts", headers=headers, timeout=30).json()["alerts"])


def test_an_update_alerts_new_matches_and_a_watched_price_drop(
    served: tuple[ServerProcess, Path],
) -> None:
    server, folder = served
    data, changed = make_update.derive(make_update.SNAPSHOT_SHARE)
    cut = changed["price_cut"][0]
    _tool(server, "watch_home", {"zpid": cut, "watch": "price"})
    _tool(server, "save_search", {"criteria": {"location": "Austin"}})
    update = folder / "update.csv.gz"
    update.write_bytes(data)
    command = [sys.executable, "-m", "agent_graph.cli", "jobs", "--url", server.url, "--token"]
    run = [*command, ADMIN, "run", "real_estate.apply_listings_update", "--file", str(update)]
    done = subprocess.run(
        [*run, "--confirm"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr

    deadline, alerts = time.monotonic() + 300, []
    while time.monotonic() < deadline:
        alerts = _alerts(server)
        if any(a["key"].startswith("watch_") for a in alerts) and any(
            a["key"].startswith("search_") for a in alerts
        ):
            break
        time.sleep(1)
    keys = [a["key"] for a in alerts]
    drops = [a for a in alerts if a["key"].startswith(f"watch_{cut}:price:")]
    assert len(drops) == 1 and drops[0]["kind"] == "price_drop", keys
    new = [a for a in alerts if a["key"].startswith("search_austin:")]
    assert new and all(a["kind"] == "new_match" for a in new), keys
    assert len(set(keys)) == len(keys)  # each once
