"""Issue 38 end to end with the real real_estate skill: a user's saved search and watch
(confirmed through POST /tools), an operator's listing update (`propsearch jobs run ... --file
--confirm`), and the alerts `match_saved_searches` raised for that user: a new match and the
watched home's price drop, each once and grouped per search and update (issue 47), the next
conversation opening with them, a home gone since opening as "no longer listed", and a deleted
search taking its alert with it."""

from __future__ import annotations

import csv
import gzip
import importlib.util
import io
import json
import subprocess
import sys
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


def _ana(server: ServerProcess, method: str, path: str, **kwargs: Any) -> httpx.Response:
    headers = {"Authorization": f"Bearer {ANA}"}
    return httpx.request(method, f"{server.url}{path}", headers=headers, timeout=120, **kwargs)


def _operator_applies(server: ServerProcess, update: Path, *more: str) -> str:
    """`propsearch jobs run … --confirm` as docs/jobs.md writes it; its output (it waited for
    the whole chain)."""
    run = [sys.executable, "-m", "agent_graph.cli", "jobs", "run"]
    command = [*run, "real_estate.apply_listings_update", "--file", str(update), "--confirm"]
    options = ["--url", server.url, "--token", ADMIN, *more]
    done = subprocess.run(
        [*command, *options], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _removal_of(data: bytes, zpid: str) -> bytes:
    """A partial update (the shipped CSV shape) that takes one listing off the market."""
    rows = list(csv.DictReader(io.StringIO(gzip.decompress(data).decode())))
    row = {**next(r for r in rows if r["zpid"] == zpid), "homeStatus": "REMOVED"}
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(row), lineterminator="\n")
    writer.writeheader()
    writer.writerow(row)
    return out.getvalue().encode()


def test_an_update_alerts_once_per_search_and_the_loop_closes(
    served: tuple[ServerProcess, Path],
) -> None:
    server, folder = served
    data, changed = make_update.derive(make_update.SNAPSHOT_SHARE)
    cut = changed["price_cut"][0]
    _tool(server, "watch_home", {"zpid": cut, "watch": "price"})
    _tool(server, "save_search", {"criteria": {"location": "Austin"}})
    update = folder / "update.csv.gz"
    update.write_bytes(data)
    shown = _operator_applies(server, update)
    assert "then real_estate.match_saved_searches: run " in shown
    assert "raised 2 alert(s):" in shown and "for ana: Price drop: " in shown

    alerts = {a["kind"]: a for a in _alerts(server)}
    assert sorted(alerts) == ["new_match", "price_drop"]  # one per search and update, grouped
    new, drop = alerts["new_match"], alerts["price_drop"]
    assert new["key"].startswith("search_austin:update:")
    count = int(new["title"].split(" ")[0])
    assert new["title"] == f"{count} new homes match your search for homes in Austin" and count > 3
    assert len(new["items"]) == min(count, 10)  # the homes as data, each to open its detail
    assert all(i["zpid"] and i["address"] for i in new["items"])
    assert new["body"].startswith(new["items"][0]["address"])
    assert drop["key"].startswith(f"watch_{cut}:price:")
    old, now = (int(p[1:].replace(",", "")) for p in drop["body"].split(" (")[0].split(" → "))
    assert drop["body"].endswith(f"(−${old - now:,}, -5%)")  # the old price, the new, the drop
    assert drop["items"][0]["price_drop"]["from"] == old and drop["items"][0]["price"] == now

    # the next conversation's answer opens with them, on the offline model too
    answer = _ana(server, "POST", "/chat", json={"message": "hi"})
    assert answer.status_code == 200, answer.text
    first = answer.json()["message"].split("\n\n")[0]
    assert first.startswith("Since your last visit: ") and new["title"] in first
    assert drop["title"] in first
    again = _ana(server, "POST", "/chat", json={"message": "hi"}).json()["message"]
    assert "Since your last visit" not in again  # they were read

    # a home of the alert that went since: its detail says so (a "no longer listed" card)
    gone = new["items"][0]
    removal = folder / "removal.csv"
    removal.write_bytes(_removal_of(data, gone["zpid"]))
    _operator_applies(server, removal, "--args", '{"partial": true}')
    detail = _ana(
        server, "POST", "/tools/get_property_details", json={"params": {"zpid": gone["zpid"]}}
    )
    item = detail.json()["result"]["items"][0]
    assert detail.status_code == 200 and item["status"] == "REMOVED"
    assert item["price_history"][-1]["event"] == "removed"

    # a deleted saved search takes its alert with it, read or not
    assert (
        _ana(server, "DELETE", "/memory/preferences/real_estate/search_austin").status_code == 204
    )
    assert [a["kind"] for a in _alerts(server)] == ["price_drop"]
