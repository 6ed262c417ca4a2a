"""Secrets never reach the log: every record is redacted before any handler writes it."""

from __future__ import annotations

import logging

from agent_graph.security.sanitizer import Sanitizer

LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.access")


class RedactingFilter(logging.Filter):
    def __init__(self, sanitizer: Sanitizer) -> None:
        super().__init__()
        self.sanitizer = sanitizer

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = self.sanitizer.redact(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.sanitizer.redact(record.exc_text)
        return True


def redact_logs(sanitizer: Sanitizer) -> None:
    """Install the filter on every handler the server's records reach (root and uvicorn)."""
    for name in LOGGERS:
        for handler in logging.getLogger(name).handlers:
            if not any(isinstance(f, RedactingFilter) for f in handler.filters):
                handler.addFilter(RedactingFilter(sanitizer))
