"""Issue 47, "Measured": the bench reports the web bundle against its 250 KB gzipped budget and
the first contentful paint of / in a real browser on the real server (bench/web.py, run as the
bench runs it, in a process of its own). The figures are the bench's; only their presence and
the budget are checked here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
REPORT = "import json, bench.web as web; print(json.dumps(web.run(1)))"


def test_the_bench_reports_the_bundle_within_budget_and_the_first_paint(web_dist: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", REPORT], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    if "skipped" in report["paint"]:
        pytest.skip(report["paint"]["skipped"])
    assert report["bundle"]["within_budget"] is True, report["bundle"]
    assert report["bundle"]["js_budget_kb"] == 250
    assert report["paint"]["loads"] == 1
    assert report["paint"]["first_contentful_paint_ms_median"] > 0
