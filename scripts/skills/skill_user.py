"""Let SKILL_USER reach the skills' interpreters, so skill code runs as that user, not as root
(`make skills-env`, run by scripts/skills/env.sh when it runs as root; docs/skill-isolation.md).

    python3 scripts/skills/skill_user.py PATH ...   # interpreters, skill folders

On a root machine the agent's Python often lives below a folder only root may enter (pyenv in
/root, mode 0700), and the launcher then keeps skill code running as root (capability-less,
logged). For each folder on the way to a PATH that SKILL_USER (`nobody` for `auto`) may not
enter, this grants that one user the right to pass through it, and nothing else: a POSIX ACL
entry `user:<uid>:--x` (no listing, no reading; the other users' rights are unchanged; undo with
`setfacl -x u:nobody /root`). The interpreter's own files are left as they are: they must be
readable by everyone already (they are, as installed). Standard library only (the ACL writer,
agent_graph/security/acl.py, is the agent's own: it opens the way to skills' state folders the
same way); prints what it changed, and why it could not when the file system has no ACLs.
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import sys
from pathlib import Path
from typing import Any


def _acl() -> Any:
    """agent_graph/security/acl.py, by its path: this script runs on any Python, without the
    agent's packages, so it imports nothing of the package."""
    path = Path(__file__).resolve().parents[2] / "agent_graph" / "security" / "acl.py"
    spec = importlib.util.spec_from_file_location("propsearch_acl", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


acl = _acl()


def may_enter(folder: Path, uid: int, gid: int) -> bool:
    """Whether `uid` (in group `gid` only) may pass through `folder` (ACLs included)."""
    pid = os.fork()
    if pid == 0:  # check as that user, the kernel applying every rule
        try:
            os.setgroups([])
            os.setgid(gid)
            os.setuid(uid)
            os._exit(0 if os.access(folder, os.X_OK) else 1)
        except BaseException:
            os._exit(2)
    return os.waitpid(pid, 0)[1] == 0


def open_the_way(path: Path, user: pwd.struct_passwd) -> None:
    """From / down to `path` (and to where its symlinks lead), let `user` pass through each
    folder it may not enter; say what was changed."""
    for target in dict.fromkeys([path.absolute(), path.resolve()]):
        for folder in reversed(target.parents):
            if may_enter(folder, user.pw_uid, user.pw_gid):
                continue
            try:
                acl.grant_search(str(folder), user.pw_uid)
            except OSError as exc:
                print(
                    f"[skills-env] SKILL_USER {user.pw_name} cannot pass through {folder} and "
                    f"no ACL could be set ({exc.strerror}): skill code will run as root",
                    file=sys.stderr,
                )
                return
            print(
                f"[skills-env] SKILL_USER {user.pw_name} may now pass through {folder} "
                f"(ACL user:{user.pw_name}:--x: no listing, no reading)",
                file=sys.stderr,
            )


def main(argv: list[str]) -> int:
    setting = os.environ.get("SKILL_USER", "auto")
    if os.geteuid() != 0 or setting in ("", "off"):
        return 0
    user = pwd.getpwnam("nobody" if setting == "auto" else setting)
    for name in argv:
        if os.path.exists(name):
            open_the_way(Path(name), user)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
