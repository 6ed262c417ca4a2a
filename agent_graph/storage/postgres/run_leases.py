"""Who runs each turn (server profile, storage/leases.py): a lease per run in PostgreSQL, renewed by its replica
while the run goes on. A replica that stops renewing (SIGKILL, a lost machine) lets its leases
expire, and another replica claims them and takes the runs over (turns/takeover.py), as
Aegra's run workers do. One renewal and one claim per replica every few seconds, whatever the
number of runs."""

from __future__ import annotations

from psycopg.types.json import Jsonb

from agent_graph.storage.leases import RunLease
from agent_graph.storage.postgres.database import Database
from agent_graph.turn_request import TurnRequest


class PgRunLeases:
    def __init__(self, db: Database, lease_s: float) -> None:
        self.db = db
        self.lease_s = lease_s

    def hold(self, lease: RunLease) -> None:
        with self.db.connection() as conn:
            conn.execute(
                "INSERT INTO run_leases (run_id, user_id, session_id, request, owner, "
                "lease_until, started, takeovers) VALUES (%s, %s, %s, %s, %s, "
                "now() + make_interval(secs => %s), %s, %s) ON CONFLICT (run_id) DO UPDATE SET "
                "owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until",
                (
                    lease.run_id,
                    lease.user,
                    lease.session_id,
                    Jsonb(lease.request.stored()),
                    lease.owner,
                    self.lease_s,
                    lease.started,
                    lease.takeovers,
                ),
            )

    def started(self, run_id: str) -> None:
        with self.db.connection() as conn:
            conn.execute("UPDATE run_leases SET started = true WHERE run_id = %s", (run_id,))

    def renew(self, owner: str) -> int:
        """Extend every lease `owner` holds; how many it still holds."""
        with self.db.connection() as conn:
            cursor = conn.execute(
                "UPDATE run_leases SET lease_until = now() + make_interval(secs => %s) "
                "WHERE owner = %s",
                (self.lease_s, owner),
            )
            return cursor.rowcount

    def release(self, run_id: str) -> None:
        with self.db.connection() as conn:
            conn.execute("DELETE FROM run_leases WHERE run_id = %s", (run_id,))

    def claim_expired(self, owner: str, limit: int = 4) -> list[tuple[RunLease, str]]:
        """Leases whose holder stopped renewing them, now `owner`'s: (lease, previous owner).
        Concurrent claimers never get the same run (SKIP LOCKED)."""
        with self.db.connection() as conn:
            rows = conn.execute(
                "WITH expired AS (SELECT run_id, owner FROM run_leases WHERE lease_until < now() "
                "ORDER BY lease_until LIMIT %s FOR UPDATE SKIP LOCKED) "
                "UPDATE run_leases AS r SET owner = %s, takeovers = r.takeovers + 1, "
                "lease_until = now() + make_interval(secs => %s) FROM expired "
                "WHERE r.run_id = expired.run_id RETURNING r.run_id, r.user_id, r.session_id, "
                "r.request, r.started, r.takeovers, expired.owner",
                (limit, owner, self.lease_s),
            ).fetchall()
        return [
            (
                RunLease(
                    str(r[0]),
                    TurnRequest.restored(str(r[1]), str(r[2]), dict(r[3])),
                    owner,
                    bool(r[4]),
                    int(r[5]),
                ),
                str(r[6]),
            )
            for r in rows
        ]
