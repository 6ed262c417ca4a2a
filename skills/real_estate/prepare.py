"""Build what the skill's workers only load: the wish index of the shipped listings.

Run by `make skills-env` (scripts/skills/env.sh runs any skill's prepare.py with the skill's
interpreter) and by the Docker build. A no-op while the cache for this dataset and model exists.
"""

from __future__ import annotations

import os
import sys
import time

from providers.austin_data import DATA_FILE, description_clauses
from wishes.index import build, cache_dir, save


def main() -> int:
    target = cache_dir(DATA_FILE)
    if target.is_dir():
        return 0
    started = time.monotonic()
    texts = description_clauses()
    index = build(texts, threads=len(os.sched_getaffinity(0)))
    save(index, target)
    seconds = time.monotonic() - started
    print(
        f"[real_estate] wish index: {len(index.clauses)} clauses in {seconds:.0f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
