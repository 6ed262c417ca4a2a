"""Browser tests: the real API server (offline model) and the built web UI in Debian's chromium.

Chromium comes from Debian (`/usr/bin/chromium`), never from `playwright install`. Without it
the tests skip, except under CI=true, where a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.servers import free_port_window, start_server

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def _unavailable(reason: str) -> None:
    """Skip locally; under CI a missing prerequisite must fail the run instead."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: not skipping)")
    pytest.skip(reason)


def _install_chromium() -> None:
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], env=env, check=False, capture_output=True)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "chromium"], env=env, check=False, capture_output=True
    )


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    if not CHROMIUM.exists():
        _install_chromium()
    if not CHROMIUM.exists():
        _unavailable(
            "Debian's chromium is missing at /usr/bin/chromium and could not be installed "
            "(`apt-get install chromium` as root)"
        )
    return CHROMIUM


@pytest.fixture(scope="session")
def web_dist() -> Path:
    """The built UI; built here when missing so the server can serve it at /."""
    dist = WEB / "dist"
    if (dist / "index.html").is_file():
        return dist
    npm = shutil.which("npm")
    if npm is None:
        _unavailable("web/dist is not built and npm is not installed")
    assert npm is not None
    if not (WEB / "node_modules").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
    subprocess.run([npm, "run", "build"], cwd=WEB, check=True)
    return dist


@pytest.fixture(scope="session")
def server(web_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real API on a free port with the offline model and a throwaway memory root."""
    process = start_server(tmp_path_factory.mktemp("e2e") / "memory", free_port_window())
    try:
        yield process.url
    finally:
        process.stop()


@pytest.fixture(scope="module")  # Playwright's sync loop must end before async tests run
def browser(chromium_path: Path) -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(chromium_path), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


def _block_external(route: Any) -> None:
    """Only the server under test is reachable: map tiles and Zillow links are aborted."""
    host = urlparse(route.request.url).hostname or ""
    if host in LOCAL_HOSTS or route.request.url.startswith(("data:", "blob:")):
        route.continue_()
    else:
        route.abort()


@pytest.fixture
def viewport() -> dict[str, int]:
    return {"width": 1280, "height": 900}


# The app opens the most recent session at a plain `/`; tests share one server, so by default
# a plain `/` is marked as a fresh "New chat" entry before the app's scripts run.
FRESH_CHAT_SCRIPT = """
if (!window.location.search && !window.history.state) {
  window.history.replaceState({ fresh: true }, "", window.location.href);
}
"""


@pytest.fixture
def fresh_chat() -> bool:
    """Override with False to test what a plain `/` opens (the most recent session)."""
    return True


@pytest.fixture
def page(browser: Any, server: str, viewport: dict[str, int], fresh_chat: bool) -> Iterator[Any]:
    """A fresh page (fresh localStorage) on the UI; fails the test on any uncaught JS error."""
    context = browser.new_context(viewport=viewport, base_url=server)
    context.route("**/*", _block_external)
    if fresh_chat:
        context.add_init_script(FRESH_CHAT_SCRIPT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    yield page
    context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
