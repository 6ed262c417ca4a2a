"""The real_estate skill worker: validates tool params and dispatches to the configured provider.

The provider is chosen from the environment and its data (the Austin CSV) is parsed before the
worker answers /health, so a worker the pool hands out is fully warm.
"""

from __future__ import annotations

import os
import re
from typing import Any

from compare import compare_properties
from criteria import parse_criteria
from matching import match_saved_searches
from memory_write import forget_criteria, memory_write
from providers import make_provider
from providers.austin import AustinProvider, removed_detail
from real_estate import domain
from saved_homes import get_saved_homes, remove_saved_home, save_home, zpid_of
from skill_runtime import Handler, ToolError, serve
from tools import SCHEMA
from tours import request_tour
from updates.jobs import JOBS as UPDATE_JOBS
from updates.live import ensure_current
from watches import save_search, watch_home

MAX_ADDRESS_CHARS = 200

provider = make_provider(os.environ)


def _only(params: dict[str, Any], name: str) -> Any:
    extra = sorted(set(params) - {name})
    if extra:
        raise ToolError(f"unknown parameter(s) {extra}; expected only {name}")
    return params.get(name)


def search_properties(params: dict[str, Any]) -> dict[str, Any]:
    return provider.search(parse_criteria(params))


def get_property_details(params: dict[str, Any]) -> dict[str, Any]:
    zpid = zpid_of(_only(params, "zpid"))
    try:
        return provider.details(zpid)
    except ToolError as exc:  # a home an update took off the market: "no longer listed"
        offline = isinstance(provider, AustinProvider)  # the live provider keeps no removed ones
        if exc.status == 404 and offline and (gone := removed_detail(zpid)) is not None:
            return gone
        raise


def get_property_details_by_address(params: dict[str, Any]) -> dict[str, Any]:
    address = _only(params, "address")
    if not isinstance(address, str) or not re.search(r"\d", address or ""):
        raise ToolError("address must be a street address with a house number")
    if len(address) > MAX_ADDRESS_CHARS:
        raise ToolError(f"address is too long (max {MAX_ADDRESS_CHARS} characters)")
    return provider.details_by_address(address)


# Passes every filter, so a search reads each field of every row and builds full listings.
_EVERY_ROW = {
    "location": "Austin",
    "price_min": 0,
    "price_max": 100_000_000,
    "beds_min": 0,
    "baths_min": 0,
    "sqft_min": 0,
    "limit": 50,
}


def prewarm() -> None:
    """Run by the zygote once and by each spare child before it accepts a call (see
    skill_runtime.serve): the rows a search walks are copied before a call waits on them.
    Only for the local dataset: a live provider would spend a paid request per child."""
    if provider.name == "austin":
        ensure_current()
        search_properties(_EVERY_ROW)


def _current(handler: Handler) -> Handler:
    """The call sees every listings update applied so far (updates/live.py)."""

    def call(params: dict[str, Any]) -> Any:
        if provider.name == "austin":
            ensure_current()
        return handler(params)

    return call


HANDLERS = {
    domain.SEARCH: search_properties,
    domain.DETAILS: get_property_details,
    domain.DETAILS_BY_ADDRESS: get_property_details_by_address,
    domain.SAVE_CRITERIA: memory_write,
    domain.FORGET_CRITERIA: lambda params: forget_criteria(params, provider.details),
    domain.SAVE_HOME: lambda params: save_home(params, provider.details),
    domain.REMOVE_SAVED_HOME: remove_saved_home,
    domain.GET_SAVED_HOMES: lambda params: get_saved_homes(params, provider.details),
    domain.COMPARE: lambda params: compare_properties(params, provider.details),
    domain.SAVE_SEARCH: lambda params: save_search(params, provider.search),
    domain.WATCH_HOME: lambda params: watch_home(params, provider.details),
    domain.REQUEST_TOUR: lambda params: request_tour(params, provider.details),
}
JOBS = {**UPDATE_JOBS, "match_saved_searches": match_saved_searches}

if __name__ == "__main__":
    provider.warm()  # load before answering /health: a pooled worker is ready means warm
    handlers = {name: _current(handler) for name, handler in HANDLERS.items()}
    refresh = ensure_current if provider.name == "austin" else None
    serve(SCHEMA, handlers, prewarm=prewarm, jobs=JOBS, refresh=refresh)
