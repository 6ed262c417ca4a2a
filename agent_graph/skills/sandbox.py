"""What a local worker (process backend, stdio MCP server) may touch, handed to `launcher.py`,
which applies it with Landlock before exec (`landlock.py`).

Readable: the system's programs, libraries and a few files of /etc, the Python installation the
worker runs on (its `.venv` and the interpreter that venv was made from), its own skill folder
and `skill_runtime.py`. Writable: its scratch folder and /dev's null, zero, random devices.
Everything else is out of reach: the agent's `.env` and MEMORY_ROOT, other skills' folders and
`.env` files, and /proc (where the agent's environment and keys are).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from agent_graph.skills.landlock import LIST_VAR, READ_VAR, WRITE_VAR, abi_version

SYSTEM = ("/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin", "/opt")
ETC = (
    "/etc/ssl",
    "/etc/ca-certificates",
    "/etc/pki",
    "/etc/resolv.conf",
    "/etc/hosts",
    "/etc/nsswitch.conf",
    "/etc/gai.conf",
    "/etc/host.conf",
    "/etc/localtime",
    "/etc/timezone",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/mime.types",
    "/etc/os-release",
    "/etc/passwd",
    "/etc/group",
)
DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random", "/dev/shm")


def available() -> bool:
    """Whether this kernel enforces Landlock (README: what a skill can and cannot do)."""
    return sys.platform.startswith("linux") and abi_version() >= 1


def python_installations(executable: str) -> list[str]:
    """Where an interpreter runs from: its own prefix (a venv) and, through the venv's symlink,
    the installation the venv was made from."""
    exe = Path(executable)
    return sorted({str(exe.parent.parent), str(exe.resolve().parent.parent)})


def sandbox_env(
    folder: Path, argv: list[str], scratch: str | None, runtime: Path
) -> dict[str, str]:
    """The launcher's variables for a worker of the skill in `folder` started as `argv`."""
    program = shutil.which(argv[0]) or argv[0]
    runtimes = [str(folder.parent / runtime.name), str(runtime)]  # as PYTHONPATH orders them
    read = [*SYSTEM, *ETC, str(folder), *runtimes, *python_installations(program)]
    if sys.executable != program:
        read += python_installations(
            sys.executable
        )  # the launcher itself runs on the agent's Python
    write = [*DEVICES, *([scratch] if scratch else [])]
    # Python lists every folder on its path to import from it: the skills folder may be listed
    # (file names), its files stay unreadable except the runtime and this skill's own.
    listed = [str(folder.parent), str(runtime.parent)]
    return {
        READ_VAR: ":".join(dict.fromkeys(read)),
        WRITE_VAR: ":".join(write),
        LIST_VAR: ":".join(dict.fromkeys(listed)),
    }
