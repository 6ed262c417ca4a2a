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
        message = record.getMessage()
        if self.sanitizer.redact(message) != message:
            self._scrub(record)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.sanitizer.redact(record.exc_text)
        return True

    def _scrub(self, record: logging.LogRecord) -> None:
        """Redact the arguments one by one (formatters such as uvicorn's access log read them);
        when the secret only appears once they are formatted, replace the whole message."""
        redact = self.sanitizer.redact
        if isinstance(record.args, tuple):
            record.args = tuple(
                redact(str(a)) if redact(str(a)) != str(a) else a for a in record.args
            )
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        message = record.getMessage()
        if redact(message) != message:
            record.msg, record.args = redact(message), None


def redact_logs(sanitizer: Sanitizer) -> None:
    """Install the filter on every handler the server's records reach (root and uvicorn)."""
    for name in LOGGERS:
        for handler in logging.getLogger(name).handlers:
            if not any(isinstance(f, RedactingFilter) for f in handler.filters):
                handler.addFilter(RedactingFilter(sanitizer))
