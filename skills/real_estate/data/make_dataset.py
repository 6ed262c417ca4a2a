"""Regenerate austin_listings.csv.gz from the shared CSV, keeping only the columns the skill reads.

Rows are copied unchanged (oddities are handled at load time, see README.md), so the shipped file
stays a faithful subset of the source. Usage: python make_dataset.py [SOURCE_CSV]
"""

from __future__ import annotations

import csv
import gzip
import io
import sys
from pathlib import Path

SOURCE = Path("/work/shared/data/austin_listings.csv")
TARGET = Path(__file__).with_name("austin_listings.csv.gz")
COLUMNS = [
    "zpid",
    "city",
    "streetAddress",
    "zipcode",
    "description",
    "latitude",
    "longitude",
    "propertyTaxRate",
    "homeType",
    "yearBuilt",
    "latestPrice",
    "latest_saledate",
    "lotSizeSqFt",
    "livingAreaSqFt",
    "numOfBathrooms",
    "numOfBedrooms",
    "numOfStories",
    "hasGarage",
    "garageSpaces",
    "hasSpa",
    "hasView",
    "hasAssociation",
    "numOfWaterfrontFeatures",
    "avgSchoolRating",
]


def main(source: Path = SOURCE, target: Path = TARGET) -> int:
    """Write the gzip subset; return the number of rows written."""
    with source.open(newline="", encoding="utf-8") as handle:
        rows = [{column: row[column] for column in COLUMNS} for row in csv.DictReader(handle)]
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    # mtime=0 keeps the output byte-identical across runs (reviewable diffs).
    target.write_bytes(gzip.compress(buffer.getvalue().encode("utf-8"), 9, mtime=0))
    return len(rows)


if __name__ == "__main__":
    count = main(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE)
    print(f"wrote {count} rows to {TARGET}")
