"""A skill's widget opened directly (a link to `/widgets/<kind>`, not the UI's sandboxed frame)
still runs sandboxed: its script reads no token, cookie or storage of the app's origin."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.servers import ServerProcess, free_port_window, start_server
from tests.trust.helpers import FIXTURES

pytestmark = pytest.mark.browser

PROBE = """<!doctype html><title>probe</title><pre id="found">running</pre>
<script>
  const found = [];
  for (const [name, read] of [
    ["storage", () => window.localStorage.getItem("propsearch-token")],
    ["cookie", () => document.cookie],
    ["origin", () => window.origin],
  ]) {
    try { found.push(`${name}=${read()}`); } catch (error) { found.push(`${name}=${error.name}`); }
  }
  document.getElementById("found").textContent = found.join(" ");
</script>
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The real server with one skill (the shadow fixture) shipping the probe as a widget."""
    root = tmp_path_factory.mktemp("widget-sandbox")
    skill = root / "skills" / "prober"
    shutil.copytree(FIXTURES / "shadow", skill)
    manifest = (skill / "SKILL.md").read_text()
    widgets = "---\nwidgets:\n  probe: probe.html\n"
    (skill / "SKILL.md").write_text(manifest.replace("---\n", widgets, 1))
    (skill / "probe.html").write_text(PROBE)
    running = start_server(root / "memory", free_port_window(), SKILLS_DIR=str(root / "skills"))
    try:
        yield running
    finally:
        running.stop()


def test_a_widget_opened_directly_reads_nothing_of_the_app(
    browser: Any, server: ServerProcess
) -> None:
    context = browser.new_context(base_url=server.url)
    try:
        page = context.new_page()
        page.goto("/")  # the app's origin: what a signed-in web UI would have stored
        page.evaluate("localStorage.setItem('propsearch-token', 'secret-token-0123456789')")
        page.evaluate("document.cookie = 'session=secret-cookie'")
        assert "secret-cookie" in page.evaluate("document.cookie")
        served = page.goto("/widgets/probe")
        assert served is not None
        assert served.headers["content-security-policy"].startswith("sandbox allow-scripts;")
        page.wait_for_function("document.getElementById('found').textContent !== 'running'")
        found = page.locator("#found").text_content() or ""
        assert found == "storage=SecurityError cookie=SecurityError origin=null", found
    finally:
        context.close()
