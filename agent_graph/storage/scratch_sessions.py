"""Scratch sessions: public guest conversations kept in RAM only (bounded, expiring)."""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict

from agent_graph.security.ids import validate_session_id
from agent_graph.storage.sessions import SessionRecord

MAX_SESSIONS = 500
TTL_S = 3600.0


class ScratchSessionStore:
    """The SessionStore interface (load/save) over a bounded dict; nothing touches the disk."""

    def __init__(self, max_sessions: int = MAX_SESSIONS, ttl_s: float = TTL_S) -> None:
        self.max_sessions = max_sessions
        self.ttl_s = ttl_s
        self._records: OrderedDict[tuple[str, str], SessionRecord] = OrderedDict()
        self._lock = threading.Lock()  # nodes call load/save from worker threads

    def load(self, user: str, session_id: str) -> SessionRecord | None:
        key = (user, validate_session_id(session_id))
        with self._lock:
            self._expire()
            record = self._records.get(key)
            return copy.deepcopy(record) if record else None

    def exists(self, user: str, session_id: str) -> bool:
        return self.load(user, session_id) is not None

    def save(self, record: SessionRecord) -> None:
        record.updated_at = time.time()
        key = (record.user, validate_session_id(record.id))
        with self._lock:
            self._records.pop(key, None)
            self._records[key] = copy.deepcopy(record)
            while len(self._records) > self.max_sessions:
                self._records.popitem(last=False)

    def _expire(self) -> None:
        cutoff = time.time() - self.ttl_s
        for key in [k for k, r in self._records.items() if r.updated_at < cutoff]:
            del self._records[key]
