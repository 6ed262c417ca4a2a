"""The offline provider: real Zillow listings of the Austin area, filtered and ranked in memory."""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from criteria import Criteria
from landmarks import LANDMARKS, haversine_miles
from ranking import FIT_KEYS, WEIGHTS, FitScorer, fit_scorer
from skill_runtime import ToolError

from providers.address import parse_address, street_key
from providers.austin_data import (
    HIDDEN_TYPES,
    Home,
    distances_to,
    home_vectors,
    index_of,
    load_homes,
    sorted_indices,
    wish_index,
)
from providers.listing import format_address, make_listing
from providers.textfix import fix_text

if TYPE_CHECKING:
    from wishes.scoring import Match

OFF_MARKET = frozenset({"SOLD", "REMOVED"})  # kept for details (sold) or gone (removed)
# With wishes, relevance = 0.4 x the usual relevance + 0.6 x the wish score (SKILL.md).
WISH_WEIGHT = 0.6
# Homes like another: amounts 28% apart score 1/e; a home LIKE_MILES away scores 1/e for place.
LIKE_SCALE, LIKE_MILES, LIKE_TEXT = 0.25, 3.0, 0.3


def days_since(iso_day: str) -> int | None:
    """Whole days from an ISO date to today (UTC); None when unknown."""
    if not iso_day:
        return None
    return (datetime.now(UTC).date() - date.fromisoformat(iso_day)).days


def price_history(home: Home) -> list[dict[str, Any]]:
    """Its price and status events, oldest first. A listing of the shipped file starts with its
    price on record at the source's latest price date (`recorded`: the source says when it last
    sold, never when it was listed); applied updates add the rest (updates/apply.py)."""
    if home.history is not None:
        return list(home.history)
    return [{"date": home.sale_date, "price": home.price, "event": "recorded"}]


def _market(home: Home) -> dict[str, Any]:
    """Market facts every listing carries: status, days on market, the latest price drop."""
    facts: dict[str, Any] = {
        "status": home.status,
        "days_on_market": days_since(home.listed_date),  # None: the listing date is unknown
    }
    if home.price_cut_at:
        before = [e["price"] for e in price_history(home) if e["date"] < home.price_cut_at]
        facts["price_drop"] = {
            "date": home.price_cut_at,
            "from": before[-1] if before else None,
            "to": home.price,
        }
    return facts


def to_listing(home: Home) -> dict[str, Any]:
    """The protocol listing for a Home (no description), with its market facts."""
    return make_listing(
        zpid=home.zpid,
        address=format_address(home.street, home.city, "TX", home.zipcode),
        city=home.city,
        zipcode=home.zipcode,
        price=home.price,
        beds=home.beds,
        baths=home.baths,
        sqft=home.sqft,
        property_type=home.property_type,
        lat=home.lat,
        lng=home.lng,
        year_built=home.year_built,
        lot_size=home.lot_size,
        tax_rate_percent=home.tax_rate,
        zestimate=home.zestimate,
        features=sorted(home.features),
    ) | _market(home)


def _best_first(homes: list[Home], matches: list[int], fit: FitScorer, count: int) -> list[int]:
    """The `count` highest relevance scores (ties: the given order), plausible homes first.

    `matches` come in static-score order, and fit adds at most WEIGHTS["fit"], so the scan stops
    as soon as no later home can beat the worst one kept: most searches score a few dozen."""
    ranked: list[int] = []
    weight = WEIGHTS["fit"]
    for group in (
        [i for i in matches if not homes[i].flagged],
        [i for i in matches if homes[i].flagged],
    ):
        need, best = count - len(ranked), []
        if need <= 0:
            break
        for n, i in enumerate(group):
            h = homes[i]
            if len(best) >= need and h.static_score + weight < best[0][0]:
                break
            entry = (h.static_score + weight * fit(h.price, h.beds, h.baths), -n, i)
            if len(best) < need:
                heapq.heappush(best, entry)
            elif entry > best[0]:
                heapq.heapreplace(best, entry)
        ranked += [i for _, _, i in sorted(best, reverse=True)]
    return ranked


def _wished(wishes: tuple[str, ...], matches: list[int]) -> tuple[dict[int, Match], str]:
    """Each match's wish score and mentions; empty, with the reason, when wishes can't rank."""
    if not wishes or not matches:
        return {}, ""
    index = wish_index()
    if index is None:
        return {}, "wishes not used: the description index is not built (run make skills-env)"
    from wishes.scoring import match

    found = match(index, wishes, matches)
    if not any(m.mentions for m in found.values()):
        return {}, f"no listing here mentions {', '.join(wishes)}: ranked by the other criteria"
    return found, ""


def _by_score(homes: list[Home], matches: list[int], score: Callable[[int], float]) -> list[int]:
    """Every match, highest score first, plausible homes before flagged ones."""
    return sorted(matches, key=lambda i: (homes[i].flagged, -score(i)))


def _wish_blend(
    homes: list[Home], fit: FitScorer, wished: dict[int, Match]
) -> Callable[[int], float]:
    """Relevance blended with how well a home's description meets the wishes."""

    def blended(i: int) -> float:
        h = homes[i]
        relevance = h.static_score + WEIGHTS["fit"] * fit(h.price, h.beds, h.baths)
        return (1 - WISH_WEIGHT) * relevance + WISH_WEIGHT * wished[i].score

    return blended


def _closeness(a: float | None, b: float | None) -> float | None:
    """1 for equal amounts, about 0.37 when one is 1.28 times the other; None when unknown."""
    if not a or not b or a <= 0 or b <= 0:
        return None
    return math.exp(-abs(math.log(a / b)) / LIKE_SCALE)


def _likeness(homes: list[Home], target: int, matches: list[int]) -> dict[int, float]:
    """How alike each match is to the target home (0..1): its attributes (price, size, rooms,
    and place, which counts double: a buyer weighs homes nearby) and, with LIKE_TEXT, its
    description (cosine of the mean clause vectors)."""
    t = homes[target]
    vectors = home_vectors()
    described = vectors @ vectors[target] if vectors is not None else None
    found: dict[int, float] = {}
    for i in matches:
        h = homes[i]
        place = math.exp(-haversine_miles(h.lat, h.lng, t.lat, t.lng) / LIKE_MILES)
        parts = [
            (_closeness(h.price, t.price), 1.0),
            (_closeness(h.sqft, t.sqft), 1.0),
            (1 / (1 + abs(h.beds - t.beds)), 1.0),
            (1 / (1 + abs(h.baths - t.baths)), 0.5),
            (place, 2.0),
        ]
        known = [(p, w) for p, w in parts if p is not None]
        attributes = sum(p * w for p, w in known) / sum(w for _, w in known)
        if described is None:
            found[i] = attributes
        else:
            text = min(1.0, max(0.0, (float(described[i]) - 0.3) / 0.5))
            found[i] = (1 - LIKE_TEXT) * attributes + LIKE_TEXT * text
    return found


def to_detail(home: Home) -> dict[str, Any]:
    """Listing + description + dataset facts the protocol has no field for."""
    listing = to_listing(home)
    listing["description"] = fix_text(home.description).strip() or None
    listing["feature_evidence"] = dict(sorted(home.evidence.items()))
    listing["price_history"] = price_history(home)
    listing["facts"] = {
        "listed_date": home.listed_date or None,
        "stories": home.stories,
        "garage_spaces": home.garage_spaces,
        "has_hoa": home.has_association,
        "avg_school_rating": home.school_rating,
        "latest_sale_date": home.sale_date,
    }
    return listing


def removed_detail(zpid: str) -> dict[str, Any] | None:
    """The detail of a listing an update took off the market (status REMOVED, its history
    ending "removed"), for a home someone opens from an alert or a saved link; None when the
    dataset never had it or it is still listed (details() answers for those)."""
    found = index_of(zpid)
    if found is None or load_homes()[found].status != "REMOVED":
        return None
    return {"type": "detail", "items": [to_detail(load_homes()[found])]}


def _market_since(c: Criteria) -> tuple[str, str]:
    """The ISO dates a price drop and a listing must be on or after ("" = no bound)."""
    today = datetime.now(UTC).date()

    def since(days: int | None) -> str:
        return "" if days is None else (today - timedelta(days=days)).isoformat()

    return since(c.price_dropped_within_days), since(c.days_on_market_max)


def _at_least(bound: float | None, value: float | None) -> bool:
    return bound is None or (value is not None and value >= bound)


def _home_facts_fit(c: Criteria, home: Home) -> bool:
    """Schools, garage, stories, lot, age and HOA; an unknown value never meets a bound."""
    return (
        _at_least(c.school_rating_min, home.school_rating)
        and _at_least(c.garage_spaces_min, home.garage_spaces)
        and _at_least(c.stories_min, home.stories)
        and (c.stories_max is None or (home.stories is not None and home.stories <= c.stories_max))
        and _at_least(c.lot_size_min, home.lot_size)
        and _at_least(c.year_built_min, home.year_built)
        and not (c.no_hoa and home.has_association)
    )


class AustinProvider:
    """Searches the shipped dataset (see data/README.md for how oddities are treated)."""

    name = "austin"

    def warm(self) -> None:
        """Parse the dataset and build every sort order now (a background thread at worker
        start): workers serve one call each, so that call should find everything ready."""
        for sort in ("relevance", "price", "price_desc", "newest", "size"):
            sorted_indices(sort, None)
        for landmark in LANDMARKS:
            sorted_indices("distance", landmark)
        if wish_index() is not None and home_vectors() is not None:
            from wishes.embedder import embed

            embed(["warm"])  # the model loads once here, before the fork server forks children

    def _location_filter(self, location: str) -> tuple[str, str]:
        homes = load_homes()
        field = "zipcode" if location.isdigit() else "city_key"
        value = location.lower()
        if any(getattr(home, field) == value for home in homes):
            return field, value
        cities = sorted({home.city for home in homes}, key=lambda c: (c != "Austin", c))
        raise ToolError(
            f"no listings for location {location!r}. This dataset covers the Austin, TX area: "
            f"cities {', '.join(cities)} or a 5-digit ZIP such as 78704. For places like "
            "'downtown' use near instead of location.",
            404,
        )

    def search(self, criteria: Criteria) -> dict[str, Any]:
        """Filter the dataset in pre-sorted order (flagged homes already last); for relevance
        with criteria that bear on fit, pick the page's best matches; total counts them all."""
        c = criteria
        homes = load_homes()
        dists = distances_to(c.near) if c.near else None
        matches = self._matches(c, dists)
        wanted = c.echo()
        start, stop = (c.page - 1) * c.limit, c.page * c.limit
        target = self._like_target(c.like_zpid)
        if target is not None:
            matches = [i for i in matches if i != target]
        wished, unmatched = _wished(c.wishes, matches)
        likeness = _likeness(homes, target, matches) if target is not None else {}
        if likeness and c.sort == "relevance":

            def alike(i: int) -> float:
                return likeness[i] + (WISH_WEIGHT * wished[i].score if wished else 0.0)

            page = _by_score(homes, matches, alike)[start:stop]
        elif wished and c.sort == "relevance":
            page = _by_score(homes, matches, _wish_blend(homes, fit_scorer(wanted), wished))
            page = page[start:stop]
        elif c.sort == "relevance" and any(key in wanted for key in FIT_KEYS):
            page = _best_first(homes, matches, fit_scorer(wanted), stop)[start:stop]
        else:
            page = matches[start:stop]
        items = []
        for i in page:
            listing = to_listing(homes[i])
            if dists is not None:
                listing["distance_miles"] = round(dists[i], 1)
            if wished:
                listing["mentions"] = list(wished[i].mentions)
            if likeness:
                listing["similarity"] = round(likeness[i], 2)
            items.append(listing)
        result = {
            "type": "listings",
            "items": items,
            "total": len(matches),
            "page": c.page,
            "criteria": wanted,
        }
        if unmatched:
            result["wishes_unmatched"] = unmatched
        if target is not None:
            home = homes[target]
            result["like"] = {
                "zpid": home.zpid,
                "address": format_address(home.street, home.city, "TX", home.zipcode),
            }
        return result

    def _like_target(self, zpid: str | None) -> int | None:
        if zpid is None:
            return None
        found = index_of(zpid)
        if found is None:
            raise ToolError(f"like_zpid {zpid} is not a listing of the Austin dataset", 404)
        return found

    def _matches(self, c: Criteria, dists: list[float] | None) -> list[int]:
        """Indices of the homes meeting every hard constraint, in the sort's order."""
        homes = load_homes()
        loc_field, loc_value = self._location_filter(c.location) if c.location else ("", "")
        wanted = set(c.features)
        dropped_since, listed_since = _market_since(c)
        excluded = set(c.exclude_types) | (HIDDEN_TYPES - {c.property_type})
        found = []
        for i in sorted_indices(c.sort, c.near):
            home = homes[i]
            if home.suspect or home.property_type in excluded or home.status in OFF_MARKET:
                continue
            if dropped_since and (home.price_cut_at or "") < dropped_since:
                continue
            if listed_since and home.listed_date < listed_since:  # unknown: never "new"
                continue
            if c.property_type and home.property_type != c.property_type:
                continue
            if loc_field and getattr(home, loc_field) != loc_value:
                continue
            if c.price_min is not None and home.price < c.price_min:
                continue
            if c.price_max is not None and home.price > c.price_max:
                continue
            if c.beds_min is not None and home.beds < c.beds_min:
                continue
            if c.beds_max is not None and home.beds > c.beds_max:
                continue
            if c.baths_min is not None and home.baths < c.baths_min:
                continue
            if c.baths_max is not None and home.baths > c.baths_max:
                continue
            if c.sqft_min is not None and (home.sqft or 0) < c.sqft_min:
                continue
            if wanted and not wanted <= home.features:
                continue
            if not _home_facts_fit(c, home):
                continue
            if dists is not None and c.radius_miles is not None and dists[i] > c.radius_miles:
                continue
            found.append(i)
        return found

    def details(self, zpid: str) -> dict[str, Any]:
        found = index_of(zpid)
        if found is None or load_homes()[found].status == "REMOVED":
            raise ToolError(f"no property with zpid {zpid} in the Austin dataset", 404)
        return {"type": "detail", "items": [to_detail(load_homes()[found])]}

    def details_by_address(self, address: str) -> dict[str, Any]:
        """Match the street line exactly (after USPS abbreviation), then narrow by ZIP or city."""
        parsed = parse_address(address)
        homes = load_homes()
        candidates: list[Home] = []
        # scourgify's reading first; the raw street line catches odd unit spellings it rewrites
        keys = (street_key(parsed.line1), street_key(address.split(",")[0]))
        for key in keys:
            candidates = candidates or [
                home for home in homes if home.street_key == key and home.status != "REMOVED"
            ]
        for key in keys if not candidates else ():  # gone since: say so, with its history
            candidates = candidates or [home for home in homes if home.street_key == key]
        if len(candidates) > 1 and parsed.zipcode:
            candidates = [home for home in candidates if home.zipcode == parsed.zipcode]
        if len(candidates) > 1 and parsed.city:
            candidates = [h for h in candidates if h.city_key == parsed.city.lower()]
        if not candidates:
            raise ToolError(
                f"no property at {address!r} in the Austin dataset; check the street number "
                "and name, or search by location instead",
                404,
            )
        if len(candidates) > 1:
            options = "; ".join(
                format_address(h.street, h.city, "TX", h.zipcode) for h in candidates
            )
            raise ToolError(f"several properties match {address!r}: {options}. Add the ZIP.", 409)
        return {"type": "detail", "items": [to_detail(candidates[0])]}
