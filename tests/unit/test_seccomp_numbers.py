"""The seccomp filter names syscalls by number, per architecture (agent_graph/skills/isolation/seccomp.py):
each number must be the one the kernel's headers give, aarch64's too, which this machine cannot
run. Numbers newer than the installed headers are left unchecked; most must be checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent_graph.skills.isolation.seccomp import LOOKED_AT, REFUSED

HEADERS = {  # column in the tables: the header that defines its numbers
    0: Path("/usr/include/x86_64-linux-gnu/asm/unistd_64.h"),
    1: Path("/usr/include/asm-generic/unistd.h"),  # aarch64 uses the generic table
}
DEFINE = re.compile(r"^#define __NR(?:3264)?_(\w+)\s+(\d+)\s*$", re.MULTILINE)


@pytest.mark.parametrize("column", sorted(HEADERS))
def test_the_filters_syscall_numbers_are_the_kernels(column: int) -> None:
    header = HEADERS[column]
    if not header.is_file():
        pytest.skip(f"no {header} (linux-libc-dev)")
    defined = {name: int(number) for name, number in DEFINE.findall(header.read_text())}
    ours = {name: pair[column] for name, pair in {**LOOKED_AT, **REFUSED}.items()}
    checked = {name: number for name, number in ours.items() if name in defined}
    assert checked == {name: defined[name] for name in checked}
    assert len(checked) > 0.8 * len(ours)
    missing = [name for name, number in ours.items() if number is None and name in defined]
    assert missing == []  # None: the architecture has no such syscall
