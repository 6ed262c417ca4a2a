"""What a local worker (process backend, stdio MCP server) may touch, handed to `launcher.py`,
which applies it with Landlock before exec (`landlock.py`).

Readable: the system's programs, libraries and a few files of /etc, the Python installation the
worker runs on (its `.venv` and the interpreter that venv was made from), its own skill folder
and `skill_runtime.py`. Writable: its scratch folder and /dev's null, zero, random devices.
Everything else is out of reach: the agent's `.env` and MEMORY_ROOT, other skills' folders and
`.env` files, and /proc (where the agent's environment and keys are). Network (Landlock ABI 4):
a worker binds only its own port and connects only to the ports of the hosts its SKILL.md
declares (`outbound`); a stdio worker (MCP server, planner) that declares none gets an empty
network namespace. Below ABI 4 (or SKILL_LANDLOCK_NETWORK=false) a process worker that declares
none gets one too: the launcher opens its listening socket first and hands it over as fd 3
(LISTEN_FDS), so the pool still reaches it and it reaches nothing (no TCP, no UDP, no abstract
Unix socket of the agent's namespace). Where neither can be enforced, `unconfined_network` says
why, and the registry refuses third-party skills unless the API asks for tokens. Whatever the
kernel's ABI, a seccomp filter (`seccomp.py`) lets a worker open only Unix and TCP Internet
sockets, and UDP too when it declares hosts (DNS), and refuses namespaces, mounts, BPF, the
keyring, `ptrace` and the like.

When the agent runs as root, the worker also runs as another user (SKILL_USER, `nobody` by
default) if that user can reach everything the worker needs; an unprivileged agent cannot switch
users, and there Landlock alone keeps the skill from the agent (from ABI 6 it also cannot signal
it).
"""

from __future__ import annotations

import functools
import logging
import os
import platform
import pwd
import shutil
import stat
import sys
from pathlib import Path

from agent_graph.config import ROOT, get_settings
from agent_graph.security import acl
from agent_graph.skills.isolation import seccomp
from agent_graph.skills.isolation.landlock import (
    BIND_VAR,
    CONNECT_VAR,
    GID_VAR,
    LIST_VAR,
    LISTEN_VAR,
    NET_ABI,
    NET_RULES_VAR,
    READ_VAR,
    UID_VAR,
    WRITE_VAR,
    abi_version,
)
from agent_graph.skills.isolation.seccomp import UDP_VAR
from agent_graph.skills.isolation.state import hand_over

log = logging.getLogger(__name__)

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
DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random")  # /dev/shm: privileges.py
BUNDLED = ROOT / "skills"


def available() -> bool:
    """Whether this kernel enforces Landlock (docs/security.md: what a skill can and cannot do)."""
    return sys.platform.startswith("linux") and abi_version() >= 1


def python_installations(executable: str) -> list[str]:
    """Where an interpreter runs from: its own prefix (a venv) and, through the venv's symlink,
    the installation the venv was made from."""
    exe = Path(executable)
    return sorted({str(exe.parent.parent), str(exe.resolve().parent.parent)})


def network_rules() -> bool:
    """Whether Landlock confines skills' TCP here (ABI 4, unless SKILL_LANDLOCK_NETWORK=false)."""
    return abi_version() >= NET_ABI and get_settings().skill_landlock_network


def namespace_possible(outbound: bool) -> bool:
    """Whether a worker that declares `outbound` hosts (or none) gets an empty network
    namespace (privileges.py, via the launcher): it declares none and the agent is root."""
    return not outbound and os.geteuid() == 0 and available()


def unconfined_network(folder: Path, outbound: bool, tokens: bool) -> str | None:
    """Why a skill in `folder` may not start here, None when it may: its network cannot be
    confined (no Landlock ABI 4, and no network namespace: it declares `outbound` hosts or the
    agent is not root), it is not bundled with PropSearch, and the API trusts callers without
    tokens."""
    if network_rules() or namespace_possible(outbound) or tokens:
        return None
    if folder.resolve().is_relative_to(BUNDLED.resolve()):
        return None
    return (
        f"this kernel's Landlock (ABI {abi_version()}) cannot keep skill code off the network "
        "and the API takes callers without tokens: a third-party skill could call it as the "
        "local admin. Set API_TOKENS_FILE, or run on Linux 6.7 or later"
    )


def sandbox_env(
    folder: Path,
    argv: list[str],
    scratch: str | None,
    runtime: Path,
    ports: tuple[int | None, tuple[int, ...]] = (None, ()),
    state: Path | None = None,
) -> dict[str, str]:
    """The launcher's variables for a worker of the skill in `folder` started as `argv`, which
    binds `ports[0]` (None: talks over stdio) and connects to the ports `ports[1]`; `state` is
    the skill's own writable folder ($SKILL_STATE_DIR), never another skill's."""
    program = shutil.which(argv[0]) or argv[0]
    runtimes = [str(folder.parent / runtime.name), str(runtime)]  # as PYTHONPATH orders them
    read = [*SYSTEM, *ETC, str(folder), *runtimes, *python_installations(program)]
    if sys.executable != program:
        read += python_installations(
            sys.executable
        )  # the launcher itself runs on the agent's Python
    write = [*DEVICES, *([scratch] if scratch else []), *([str(state)] if state else [])]
    # Python lists every folder on its path to import from it: the skills folder may be listed
    # (file names), its files stay unreadable except the runtime and this skill's own.
    listed = [str(folder.parent), str(runtime.parent)]
    env = {
        READ_VAR: ":".join(dict.fromkeys(read)),
        WRITE_VAR: ":".join(write),
        LIST_VAR: ":".join(dict.fromkeys(listed)),
        BIND_VAR: "" if ports[0] is None else str(ports[0]),
        CONNECT_VAR: ",".join(map(str, sorted(set(ports[1])))),
    }
    env[UDP_VAR] = "1" if ports[1] else "0"  # seccomp.py: a skill that declares hosts needs DNS
    _note_unfiltered()
    if not network_rules():
        env[NET_RULES_VAR] = "0"
        if ports[0] is not None and namespace_possible(bool(ports[1])):
            env[LISTEN_VAR] = "1"  # launcher.py: listen on the port, then an empty netns
    needs = (folder, runtime, Path(program).resolve(), *map(Path, python_installations(program)))
    # its state folder, handed over below, sits in the private data dir (state.let_pass opened
    # the way): where SKILL_USER still cannot pass through to it, the skill runs as the agent's
    # user, capability-less and confined (it must read what its jobs wrote)
    through = (state.parent,) if state else ()
    user = skill_user(get_settings().skill_user, tuple(needs), through)
    if user is not None:
        env.update({UID_VAR: str(user[0]), GID_VAR: str(user[1])})
        if scratch:
            os.chown(scratch, *user)
        if state:
            hand_over(state, user)
    return env


@functools.cache
def _note_unfiltered() -> None:
    if not seccomp.supported():
        log.warning(
            "no seccomp filter for %s: skill workers may open any socket the kernel allows "
            "(UDP and netlink included; Landlock confines TCP only) and create namespaces",
            platform.machine(),
        )


def reachable(path: Path, uid: int, read: bool = True) -> bool:
    """Whether `uid` (not root, in no extra group) can reach `path` and read it (not `read`:
    pass through it, a folder)."""
    for part in [*reversed(path.parents), path]:
        try:
            info = os.stat(part)
        except OSError:
            return False
        mine = info.st_uid == uid
        need = (stat.S_IXUSR if mine else stat.S_IXOTH) if stat.S_ISDIR(info.st_mode) else 0
        if part == path and read:
            need |= stat.S_IRUSR if mine else stat.S_IROTH
        if info.st_mode & need != need and not acl.grants(str(part), uid, need):
            return False
    return True


def guest(setting: str) -> pwd.struct_passwd | None:
    """The user SKILL_USER names (`auto`: `nobody`), None where skill code keeps the agent's
    user (an unprivileged agent, `off`, no `nobody` here). An unknown user is an error."""
    if os.geteuid() != 0 or setting in ("", "off"):
        return None
    try:
        return pwd.getpwnam("nobody" if setting == "auto" else setting)
    except KeyError:
        if setting == "auto":
            return None
        raise ValueError(f"SKILL_USER={setting}: no such user") from None


@functools.lru_cache(maxsize=64)
def skill_user(
    setting: str, needs: tuple[Path, ...], through: tuple[Path, ...] = ()
) -> tuple[int, int] | None:
    """The (uid, gid) skill code runs as, or None for the agent's own user (see the docstring):
    one that can read `needs` and pass through the folders `through`. An explicit SKILL_USER
    that cannot be used is an error; `auto` falls back, logged once."""
    entry = guest(setting)
    if entry is None:
        return None
    name, uid = entry.pw_name, entry.pw_uid
    blocked = [str(p) for p in needs if p.exists() and not reachable(p, uid)]
    blocked += [str(p) for p in through if not reachable(p, uid, read=False)]
    if blocked:
        message = f"SKILL_USER {name} cannot reach {', '.join(blocked)}"
        if setting != "auto":
            raise ValueError(message + ": make them readable or choose another user")
        log.warning("%s: skill code runs as root, confined by Landlock only", message)
        return None
    return entry.pw_uid, entry.pw_gid
