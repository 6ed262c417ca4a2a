"""Listing providers behind one interface; `make_provider` picks one from the environment."""

from __future__ import annotations

from collections.abc import Mapping

from providers.base import Provider


def make_provider(env: Mapping[str, str]) -> Provider:
    """RealtyAPI when REALTYAPI_KEY is set, else the offline Austin dataset."""
    if env.get("REALTYAPI_KEY", "").strip():
        from providers.realtyapi import RealtyAPIProvider

        return RealtyAPIProvider.from_env(env)
    from providers.austin import AustinProvider

    return AustinProvider()
