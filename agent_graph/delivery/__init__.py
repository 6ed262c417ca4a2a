"""Delivery of events to the operator's systems (signed webhooks)."""
