"""Loading the shipped Austin dataset into typed, pre-indexed rows (once per worker process)."""

from __future__ import annotations

import csv
import gzip
import heapq
import io
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from landmarks import LANDMARKS, haversine_miles
from ranking import WEIGHTS, flags, recency, value

from providers.address import street_key
from providers.features import clauses, derive
from providers.listing import normalize_property_type
from providers.textfix import fix_text

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from wishes.index import WishIndex

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "austin_listings.csv.gz"
MIN_PLAUSIBLE_PRICE = 20_000
MAX_PLAUSIBLE_BEDS = 12
HIDDEN_TYPES = frozenset({"land"})  # non-residential: only shown when asked for explicitly
# The source has no Zestimate column, but about a fifth of the descriptions quote Zillow's.
_ZESTIMATE = re.compile(r"Zestimate for this [\w ]{1,30}? is \$([\d,]{4,12})")


@dataclass(slots=True)
class Home:
    """One listing with the derived fields search needs (lowercase keys, features, distances)."""

    zpid: str
    street: str
    city: str
    zipcode: str
    description: str
    lat: float
    lng: float
    property_type: str
    year_built: int | None
    price: int
    sale_date: str  # ISO date of the latest price event; "newest" sorts on it
    lot_size: int | None
    sqft: int | None
    baths: float
    beds: int
    stories: int | None
    garage_spaces: int
    has_association: bool
    school_rating: float | None
    tax_rate: float | None  # yearly property tax, percent of the price (the listing's own rate)
    features: frozenset[str]
    evidence: dict[str, str]  # feature -> the column or clause of the description that says so
    zestimate: int | None
    suspect: bool  # implausible price or bedroom count: kept for details, hidden from search
    city_key: str
    street_key: str
    flagged: bool = False  # price implausible against its own Zestimate (ranking.flags)
    static_score: float = 0.0  # the criteria-independent part of relevance: value + recency
    status: str = "FOR_SALE"  # FOR_SALE, PENDING, SOLD or REMOVED (updates/, SKILL.md)
    listed_date: str = ""  # ISO date it came on the market; "" unknown (the shipped data has none)
    history: list[dict[str, Any]] | None = None  # price/status events; None: only "listed"
    price_cut_at: str | None = None  # ISO date of the latest price drop, for searches


def _int(text: str) -> int | None:
    try:
        return int(float(text))
    except ValueError:
        return None


def _zestimate(description: str) -> int | None:
    match = _ZESTIMATE.search(description)
    return int(match.group(1).replace(",", "")) if match else None


def home_of(row: dict[str, str]) -> Home:
    """One row of the shipped CSV shape (or an update mapped onto it) as a Home."""
    evidence = derive(row, row["streetAddress"].strip())
    lat, lng = float(row["latitude"]), float(row["longitude"])
    price, beds = _int(row["latestPrice"]) or 0, _int(row["numOfBedrooms"]) or 0
    month, day, year = row["latest_saledate"].split("/")
    rating = float(row["avgSchoolRating"]) if row["avgSchoolRating"] else None
    sale_date = f"{year}-{int(month):02d}-{int(day):02d}"
    return Home(
        zpid=row["zpid"],
        street=row["streetAddress"].strip(),
        city=row["city"].strip().title(),
        zipcode=row["zipcode"].strip(),
        description=row["description"],
        lat=lat,
        lng=lng,
        property_type=normalize_property_type(row["homeType"]),
        year_built=_int(row["yearBuilt"]) or None,
        price=price,
        sale_date=sale_date,
        lot_size=_int(row["lotSizeSqFt"]) or None,
        sqft=_int(row["livingAreaSqFt"]) or None,
        baths=float(row["numOfBathrooms"] or 0),
        beds=beds,
        stories=_int(row["numOfStories"]) or None,
        garage_spaces=_int(row["garageSpaces"]) or 0,
        has_association=row["hasAssociation"] == "TRUE",
        school_rating=round(rating, 1) if rating is not None else None,
        features=frozenset(evidence),
        evidence=evidence,
        tax_rate=float(row["propertyTaxRate"]) if row.get("propertyTaxRate") else None,
        zestimate=_zestimate(row["description"]),
        suspect=price < MIN_PLAUSIBLE_PRICE or beds > MAX_PLAUSIBLE_BEDS,
        city_key=row["city"].strip().lower(),
        street_key=street_key(row["streetAddress"]),
        status=row.get("homeStatus") or "FOR_SALE",
    )  # no listing date: the source's only date is its latest sale (data/README.md)


def read_homes(path: Path = DATA_FILE) -> list[Home]:
    """Parse the gzip CSV into Homes (about 2.7k rows), with flags and the static score."""
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    homes = [home_of(row) for row in csv.DictReader(io.StringIO(text))]
    score(homes, homes)
    return homes


def score(homes: list[Home], which: list[Home]) -> None:
    """Set `flagged` and the static score of `which`; recency is measured from the newest
    sale date of all `homes`."""
    newest = max((date.fromisoformat(h.sale_date) for h in homes), default=None)
    for home in which:
        home.flagged = bool(flags(home.price, home.zestimate))
        home.static_score = WEIGHTS["value"] * value(home.price, home.zestimate) + WEIGHTS[
            "recency"
        ] * recency(date.fromisoformat(home.sale_date), newest)


_lock = threading.Lock()
_homes: list[Home] | None = None
_distances: dict[str, list[float]] = {}
_orders: dict[tuple[str, str | None], list[int]] = {}
# Sort keys by home: flagged homes last in every order (ranking.py), ties break on zpid so
# paging is stable. "newest" = latest sale date first; "relevance" = the criteria-free part.
_SORT_KEYS = {
    "price": lambda h: (h.flagged, h.price, h.zpid),
    "price_desc": lambda h: (h.flagged, -h.price, h.zpid),
    "newest": lambda h: (h.flagged, -int(h.sale_date.replace("-", "")), h.zpid),
    "size": lambda h: (h.flagged, -(h.sqft or 0), h.zpid),
    "relevance": lambda h: (h.flagged, -h.static_score, -int(h.sale_date.replace("-", ""))),
}


def load_homes() -> list[Home]:
    """The module-level cache: parsed on first use (or by a warm-up thread), then shared."""
    global _homes
    if _homes is None:
        with _lock:
            if _homes is None:
                _homes = read_homes()
                _vectors["base_count"] = len(_homes)
    return _homes


def apply_changes(
    changed: dict[int, Home], described: dict[int, tuple[list[str], npt.NDArray[np.float32]]]
) -> None:
    """Put updated homes in place (a position past the end appends) and follow with what is
    derived from them, only for those homes: positions, distances, sort orders, wish vectors.
    Relevance is re-sorted whole only when the newest sale date moved (every recency moves)."""
    homes = load_homes()
    index_of("")  # the zpid positions exist before they are updated
    newest_before = max(h.sale_date for h in homes)
    for position in sorted(changed):
        home = changed[position]
        if position < len(homes):
            homes[position] = home
        else:
            homes.append(home)
        _positions[home.zpid] = position
    rescored = max(h.sale_date for h in homes) != newest_before
    score(homes, homes if rescored else list(changed.values()))
    for landmark, table in _distances.items():
        lat, lng = LANDMARKS[landmark]
        table.extend([0.0] * (len(homes) - len(table)))
        for position in changed:
            table[position] = haversine_miles(homes[position].lat, homes[position].lng, lat, lng)
    for key in list(_orders):
        if rescored and key[0] == "relevance":
            _orders[key] = sorted(range(len(homes)), key=_order_key(*key))
        else:
            _orders[key] = _merged(_orders[key], set(changed), _order_key(*key))
    if described or len(homes) > _base_count():
        _clause_overlay.update(described)
        loaded = [name for name in ("index", "homes") if _vectors.pop(name, None) is not None]
        if "index" in loaded:  # rebuilt now (once, in the zygote), not in every call
            wish_index()
        if "homes" in loaded:
            home_vectors()


def _merged(order: list[int], moved: set[int], key: Callable[[int], Any]) -> list[int]:
    """`order` with the `moved` positions taken out and merged back at their new places."""

    def stable(i: int) -> tuple[Any, int]:  # ties in position order, as a full sort keeps them
        return key(i), i

    kept = [i for i in order if i not in moved]
    return list(heapq.merge(kept, sorted(moved, key=stable), key=stable))


def description_clauses() -> list[list[str]]:
    """Each home's description as clauses (repaired text, its own address left out)."""
    return [clauses(fix_text(home.description), home.street, lower=False) for home in load_homes()]


_vectors: dict[str, object] = {}  # "index", "homes": kept once found (never a "not built")
_positions: dict[str, int] = {}  # zpid -> index in load_homes()
# Clauses and vectors of homes an applied update added or re-described (updates/), by position.
_clause_overlay: dict[int, tuple[list[str], npt.NDArray[np.float32]]] = {}


def wish_index() -> WishIndex | None:
    """The cached description vectors (prepare.py builds them); None while not built."""
    if "index" not in _vectors:
        try:
            from wishes.index import cache_dir, load
        except ImportError:  # the skill's requirements are not installed (make skills-env)
            return None
        index = load(cache_dir(DATA_FILE))
        if index is None or len(index.starts) != _base_count() + 1:
            return None  # not built, or not this dataset's
        if len(load_homes()) + 1 != len(index.starts) or _clause_overlay:
            from wishes.index import assemble

            index = assemble(index, _clause_overlay, len(load_homes()))
        _vectors["index"] = index
    return _vectors["index"]  # type: ignore[return-value]


def _base_count() -> int:
    """How many homes the shipped file holds (the rest were added by updates)."""
    if "base_count" not in _vectors:
        _vectors["base_count"] = len(load_homes())
    return _vectors["base_count"]  # type: ignore[return-value]


def home_vectors() -> npt.NDArray[np.float32] | None:
    """Each home's description as one unit vector (the mean of its clauses); None without an
    index. Used to find homes like another."""
    if "homes" not in _vectors:
        index = wish_index()
        if index is None:
            return None
        import numpy as np

        sums = np.add.reduceat(index.vectors, index.starts[:-1], axis=0)
        norms = np.clip(np.linalg.norm(sums, axis=1, keepdims=True), 1e-12, None)
        _vectors["homes"] = np.asarray(sums / norms, dtype=np.float32)
    return _vectors["homes"]  # type: ignore[return-value]


def index_of(zpid: str) -> int | None:
    """The position of a listing in load_homes(), by zpid (a dict built once)."""
    if not _positions:
        _positions.update({home.zpid: i for i, home in enumerate(load_homes())})
    return _positions.get(zpid)


def distances_to(landmark: str) -> list[float]:
    """Miles from each home (in load_homes() order) to a landmark; computed once per landmark."""
    table = _distances.get(landmark)
    if table is None:
        lat, lng = LANDMARKS[landmark]
        table = [haversine_miles(home.lat, home.lng, lat, lng) for home in load_homes()]
        _distances[landmark] = table
    return table


def sorted_indices(sort: str, landmark: str | None) -> list[int]:
    """Home indices in result order for a sort (cached), so a search only filters, never sorts."""
    key = (sort, landmark if sort == "distance" else None)
    order = _orders.get(key)
    if order is None:
        order = sorted(range(len(load_homes())), key=_order_key(*key))
        _orders[key] = order
    return order


def _order_key(sort: str, landmark: str | None) -> Callable[[int], Any]:
    """The sort key of a position for one order (see _SORT_KEYS)."""
    homes = load_homes()
    if sort == "distance" and landmark:
        dists = distances_to(landmark)
        return lambda i: (homes[i].flagged, dists[i], homes[i].zpid)
    return lambda i: _SORT_KEYS[sort](homes[i])
