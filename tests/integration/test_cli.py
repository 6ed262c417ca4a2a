"""The CLI against a real server, driven through a pseudo-terminal."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tests.servers import ROOT, ServerProcess, free_port_window, start_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    server = start_server(tmp_path_factory.mktemp("cli") / "memory", free_port_window())
    yield server
    server.stop()


def _spawn(url: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "agent_graph.cli", "chat", "--url", url],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=60,
    )


def test_cli_chats_resumes_and_quits(server: ServerProcess) -> None:
    cli = _spawn(server.url)
    cli.expect("you> ")
    cli.sendline("what time is it?")
    cli.expect("Checking the time")
    cli.expect(r"It's \d{1,2}:\d{2} (AM|PM)")
    cli.expect("Try: ")
    cli.expect("you> ")
    cli.sendline("quit")
    cli.expect("bye")
    cli.expect(pexpect.EOF)
    cli.close()
    assert cli.exitstatus == 0

    again = _spawn(server.url)
    again.expect(r'Resume your last conversation "What time is it\?"\? \[Y/n\]')
    again.sendline("")
    again.expect("Resumed")
    again.expect("you> ")
    again.sendcontrol("c")
    again.expect("bye")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


def test_cli_exits_cleanly_when_the_server_is_gone(tmp_path: Path) -> None:
    cli = pexpect.spawn(
        sys.executable,
        ["-m", "agent_graph.cli", "chat", "--url", "http://127.0.0.1:9"],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=30,
    )
    cli.expect("Lost connection")
    cli.expect(pexpect.EOF)
    cli.close()
    assert cli.exitstatus == 1
    assert "Traceback" not in (cli.before or "")


def test_cli_asks_before_forgetting_and_cancel_keeps_it(server: ServerProcess) -> None:
    cli = pexpect.spawn(
        sys.executable,
        ["-m", "agent_graph.cli", "chat", "--url", server.url, "--new"],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=60,
    )
    cli.expect("you> ")
    cli.sendline("my budget is $420k")
    cli.expect("remember budget max")
    cli.expect("you> ")
    cli.sendline("forget my budget")
    cli.expect(r"Forget your budget \(\$420,000\)\? \[y = confirm / N = cancel\]")
    cli.sendline("n")
    cli.expect("nothing was changed")
    cli.expect("you> ")
    cli.sendline("forget my budget")
    cli.expect(r"\[y = confirm / N = cancel\]")
    cli.sendline("y")
    cli.expect("forgotten your saved budget max")
    cli.expect("you> ")
    cli.sendline("quit")
    cli.expect(pexpect.EOF)
    cli.close()
    assert cli.exitstatus == 0
