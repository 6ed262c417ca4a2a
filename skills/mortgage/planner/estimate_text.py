"""An estimate's result said in words: the monthly parts, the loan terms, what is left out."""

from __future__ import annotations

from typing import Any


def usd(value: float) -> str:
    return f"${value:,.0f}"


_LABELS = {"property_tax": "property tax", "insurance": "insurance", "hoa": "HOA"}


def describe_estimate(result: dict[str, Any]) -> str:
    monthly = result["monthly"]
    estimated = set(result.get("estimates") or [])
    parts = [f"{usd(monthly['principal_interest'])} principal and interest"]
    for key, label in _LABELS.items():
        if monthly.get(key):
            parts.append(
                f"{usd(monthly[key])} {label}" + (" (estimate)" if key in estimated else "")
            )
    terms = (
        f"{result['down_payment_percent']:g}% down ({usd(result['down_payment'])}) at "
        f"{result['rate_percent']:g}% over {result['term_years']:g} years"
    )
    if result["kind"] == "affordability":
        head = (
            f"At {usd(result['monthly_budget'])} a month with {terms}, you could afford a home "
            f"up to about {usd(result['price'])}"
        )
    else:
        what = result.get("label") or f"a {usd(result['price'])} home"
        head = f"With {terms}, {what} would cost about {usd(monthly['total'])} a month"
    missing = [_LABELS.get(key, key) for key in result.get("not_included") or []]
    tail = f" Not included: {', '.join(missing)}." if missing else ""
    return f"{head}: {', '.join(parts)}.{tail}"
