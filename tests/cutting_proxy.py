"""A TCP proxy on 127.0.0.1 that cuts the first connection after some bytes of its answer, the
way a dropped Wi-Fi or a restarted proxy ends a stream mid-turn; later connections pass whole."""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType


class CuttingProxy:
    def __init__(self, upstream_port: int, cut_after: int) -> None:
        self.upstream_port = upstream_port
        self.cut_after = cut_after
        self.cuts = 0
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._threads: list[threading.Thread] = []
        self._open: list[socket.socket] = []
        self._stopped = threading.Event()

    def __enter__(self) -> CuttingProxy:
        thread = threading.Thread(target=self._accept, daemon=True)
        thread.start()
        self._threads.append(thread)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._stopped.set()
        self._listener.close()
        for sock in self._open:
            _close(sock)
        for thread in self._threads:
            thread.join(timeout=5)

    def _accept(self) -> None:
        first = True
        while not self._stopped.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
            self._open += [client, upstream]
            limit = self.cut_after if first else None
            first = False
            for source, target, cap in ((client, upstream, None), (upstream, client, limit)):
                thread = threading.Thread(
                    target=self._pump, args=(source, target, cap, client, upstream), daemon=True
                )
                thread.start()
                self._threads.append(thread)

    def _pump(
        self,
        source: socket.socket,
        target: socket.socket,
        cap: int | None,
        *ends: socket.socket,
    ) -> None:
        sent = 0
        try:
            while chunk := source.recv(4096):
                if cap is not None and sent + len(chunk) >= cap:
                    target.sendall(chunk[: cap - sent])
                    self.cuts += 1
                    break
                target.sendall(chunk)
                sent += len(chunk)
        except OSError:
            pass  # the other side closed: close both ends below
        for sock in ends:
            _close(sock)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()
