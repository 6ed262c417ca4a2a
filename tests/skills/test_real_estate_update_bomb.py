"""A small gzip file that inflates to gigabytes (docs/security.md, "Review three"): the update
reader inflates it a chunk at a time and refuses it as soon as it passes the 200 MB maximum,
never inflating the whole first. Run in a process of its own under the real_estate worker's
own cap (512 MB of RLIMIT_DATA; its SKILL.md says 1024m), whose peak memory is then read back."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

from tests.skills.real_estate_fakes import SKILL_DIR, SKILLS_ROOT, Route, running_fake
from tests.skills.test_real_estate_updates import StatefulWorker

MAX_BYTES = 200_000_000  # updates/read.py MAX_FILE_BYTES
CAP = 512 << 20  # half of real_estate's `memory: 1024m`: the reader needs far less
READ = f"""
import resource, sys
resource.setrlimit(resource.RLIMIT_DATA, ({CAP}, {CAP}))
sys.path[:0] = [{str(SKILL_DIR)!r}, {str(SKILLS_ROOT)!r}]
from updates.read import UpdateError, read_update
try:
    read_update(sys.stdin.buffer.read())
except UpdateError as exc:
    print(exc)
# VmHWM, this process's own peak: ru_maxrss keeps the forking parent's (a big pytest) across exec
peak = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(int(peak.split()[1]) * 1024)
"""


def gzip_bomb() -> bytes:
    member = gzip.compress(b"0" * (16 << 20), compresslevel=9)  # 16 MB in about 16 kB
    bomb = member * 128  # 2 GiB once inflated, from about 2 MB: ten times the maximum
    assert len(bomb) < 4 << 20
    return bomb


def test_a_gzip_bomb_is_refused_while_it_inflates_with_memory_bounded() -> None:
    bomb = gzip_bomb()
    run = subprocess.run([sys.executable, "-c", READ], input=bomb, capture_output=True, timeout=120)
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    message, peak = run.stdout.decode().splitlines()
    assert message == f"the file inflates to more than {MAX_BYTES} bytes"
    assert int(peak) < MAX_BYTES + (64 << 20)  # the maximum, an interpreter, one chunk


def test_a_feed_page_that_is_a_gzip_bomb_is_a_422_and_nothing_applied(tmp_path: Path) -> None:
    """The feed path reads the page the same way, through the real job on a real worker."""
    with running_fake() as feed:
        feed.routes["/listings.csv.gz"] = Route(body=gzip_bomb())
        worker = StatefulWorker(tmp_path, LISTINGS_FEED_URL=f"{feed.url}/listings.csv.gz")
        try:
            status, body = worker.job("refresh_listings")
        finally:
            worker.stop()
    assert status == 422
    assert body["error"] == (
        f"feed page 1 refused, nothing applied: the file inflates to more than {MAX_BYTES} bytes"
    )
