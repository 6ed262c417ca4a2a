"""axe-core (from web/node_modules, installed by npm) injected into a Playwright page."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).resolve().parents[2] / "web" / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = {"serious", "critical"}

# Default rules plus the experimental "accessible name contains the visible text" check.
RUN = """async () => {
  const result = await axe.run(document, {
    resultTypes: ["violations"],
    rules: { "label-content-name-mismatch": { enabled: true } },
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
}"""


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """The serious and critical violations on the page as it is now."""
    if not AXE.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{AXE} is missing: run `npm ci` in web/")
        pytest.skip("axe-core is not installed in web/node_modules (npm ci)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text())  # not a script tag: the page's CSP forbids inline scripts
    return [v for v in page.evaluate(RUN) if v["impact"] in BLOCKING]


def assert_accessible(page: Any, where: str) -> None:
    violations = axe_violations(page)
    assert not violations, f"axe on {where}: {violations}"
