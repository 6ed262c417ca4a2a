"""Derive a later snapshot of the shipped listings, with documented changes, for tests and bench.

Every `step`-th row of the shipped file (step = 1 / share) is changed, the kinds taken in turn:
1. new: a copy of the row as a new listing two doors down (zpid "9" + the zpid in 11 digits,
   street number + 2, price + 3 %), the original kept;
2. price cut: price - 5 % (rounded to $1,000);  3. price raise: + 4 %;
4. pending: homeStatus PENDING;  5. sold: homeStatus SOLD;  6. removed: the row left out.
Every other row is copied unchanged, with homeStatus FOR_SALE. The output is the shipped CSV
shape plus the `homeStatus` column, gzip with mtime 0: byte-identical on every run.

The test snapshot is `share = 0.05` (134 changed rows, 22-23 of each kind), derived at test time
rather than stored (it would be a second 540 KB copy of the data); SNAPSHOT_SHA256 pins its
CSV text (the gzip bytes could differ with another zlib).
Usage: python make_update.py SHARE TARGET.csv.gz
"""

from __future__ import annotations

import csv
import gzip
import io
import re
import sys
from pathlib import Path

SOURCE = Path(__file__).with_name("austin_listings.csv.gz")
SNAPSHOT_SHARE = 0.05
SNAPSHOT_SHA256 = "8ee5bd21bf0137c4f6f2fd9011626be6e2462b056c71692177dd9466e6f35db6"
KINDS = ("new", "price_cut", "price_raise", "pending", "sold", "removed")


def _new_copy(row: dict[str, str]) -> dict[str, str]:
    copy = dict(row, zpid=f"9{int(row['zpid']):011d}")
    copy["streetAddress"] = re.sub(
        r"^(\d+)", lambda m: str(int(m.group(1)) + 2), row["streetAddress"].strip()
    )
    copy["latestPrice"] = str(round(float(row["latestPrice"]) * 1.03 / 1000) * 1000)
    return copy


def derive(share: float, source: Path = SOURCE) -> tuple[bytes, dict[str, list[str]]]:
    """The snapshot's gzip bytes and, per kind, the zpids changed (new: the new zpids)."""
    text = gzip.decompress(source.read_bytes()).decode("utf-8")
    reader = csv.DictReader(io.StringIO(text))
    columns = [*(reader.fieldnames or []), "homeStatus"]
    rows, changed = [], {kind: [] for kind in KINDS}
    step = max(1, round(1 / share))
    for i, row in enumerate(reader):
        row["homeStatus"] = "FOR_SALE"
        kind = KINDS[(i // step) % len(KINDS)] if i % step == step - 1 else None
        if kind == "removed":
            changed[kind].append(row["zpid"])
            continue
        rows.append(row)
        if kind == "new":
            rows.append(_new_copy(row))
            changed[kind].append(rows[-1]["zpid"])
        elif kind in ("price_cut", "price_raise"):
            factor = 0.95 if kind == "price_cut" else 1.04
            row["latestPrice"] = str(round(float(row["latestPrice"]) * factor / 1000) * 1000)
            changed[kind].append(row["zpid"])
        elif kind in ("pending", "sold"):
            row["homeStatus"] = kind.upper()
            changed[kind].append(row["zpid"])
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return gzip.compress(out.getvalue().encode("utf-8"), 9, mtime=0), changed


if __name__ == "__main__":
    data, kinds = derive(float(sys.argv[1]))
    Path(sys.argv[2]).write_bytes(data)
    print(", ".join(f"{kind} {len(zpids)}" for kind, zpids in kinds.items()))
