"""The API's live runtime: services wiring, turn running, SSE translation."""
