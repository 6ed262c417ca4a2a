"""PortAllocator: hands out free 127.0.0.1 ports from HOST_PORT_START upwards."""

from __future__ import annotations

import socket


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


SPAN = 1000
"""Ports an allocator cycles through from its start, by default."""


class PortAllocator:
    """Shared by all pools of a process so workers never collide; ports cycle within a window."""

    def __init__(self, start: int, span: int = SPAN) -> None:
        self.start = start
        self.span = span
        self._next = start
        self._taken: set[int] = set()

    def claim(self, port: int) -> None:
        """Mark a port as used (an adopted worker)."""
        self._taken.add(port)

    def acquire(self) -> int:
        for _ in range(self.span):
            port = self._next
            self._next = self.start + (self._next - self.start + 1) % self.span
            if port not in self._taken and port_is_free(port):
                self._taken.add(port)
                return port
        raise RuntimeError(f"no free port in {self.start}..{self.start + self.span - 1}")

    def release(self, port: int) -> None:
        self._taken.discard(port)
