"""`make skills-env` lets SKILL_USER pass through a folder only root may enter, and nothing more
(scripts/skills/skill_user.py); the sandbox reads that ACL (sandbox.reachable); a state folder
is handed over to that user (agent_graph/skills/isolation/state.py)."""

from __future__ import annotations

import importlib.util
import os
import pwd
import stat
import tempfile
from pathlib import Path

import pytest

from agent_graph.skills.isolation.sandbox import reachable
from agent_graph.skills.isolation.state import hand_over, state_dir
from tests.servers import ROOT

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="only root changes ACLs for others")
spec = importlib.util.spec_from_file_location("skill_user", ROOT / "scripts/skills/skill_user.py")
assert spec is not None and spec.loader is not None
skill_user = importlib.util.module_from_spec(spec)
spec.loader.exec_module(skill_user)


def _as(user: pwd.struct_passwd, check: str) -> bool:
    pid = os.fork()
    if pid == 0:
        os.setgroups([])
        os.setgid(user.pw_gid)
        os.setuid(user.pw_uid)
        try:
            os.listdir(check) if check.endswith("/") else Path(check).read_text()
        except OSError:
            os._exit(1)
        os._exit(0)
    return os.waitpid(pid, 0)[1] == 0


def test_the_skill_user_may_pass_through_but_not_list_and_others_may_do_neither() -> None:
    nobody = pwd.getpwnam("nobody")
    with tempfile.TemporaryDirectory() as folder:
        private = Path(folder) / "home"
        python = private / "python" / "bin" / "python3"
        python.parent.mkdir(parents=True)
        python.write_text("interpreter")
        for path in (Path(folder), *python.parents[:2]):
            path.chmod(0o755)
        python.chmod(0o644)
        private.chmod(0o700)
        assert not reachable(python, nobody.pw_uid) and not _as(nobody, str(python))

        skill_user.open_the_way(python, nobody)

        assert reachable(python, nobody.pw_uid) and _as(nobody, str(python))
        assert not _as(nobody, f"{private}/")  # no listing
        assert private.stat().st_mode & 0o007 == 0  # other users: still nothing


def test_a_state_folder_the_agent_wrote_before_is_handed_over_whole() -> None:
    """A skill that ran as root before keeps reading what it (and its jobs) wrote then: the
    folder's files become the skill user's; a symlink is not followed, a hard-linked file (its
    other name is not the skill's) is left alone."""
    nobody = pwd.getpwnam("nobody")
    owner = (nobody.pw_uid, nobody.pw_gid)
    with tempfile.TemporaryDirectory() as root:
        outside = Path(root) / "outside.txt"
        outside.write_text("not the skill's")
        folder = state_dir(Path(root) / "state", "skill")
        (folder / "db").mkdir()
        (folder / "db" / "history.json").write_text("{}")
        (folder / "link").symlink_to(outside)
        os.link(outside, folder / "hardlink")

        hand_over(folder, owner)

        for path in (folder, folder / "inbox", folder / "db", folder / "db" / "history.json"):
            assert path.stat().st_uid == nobody.pw_uid, path
        assert outside.stat().st_uid == 0
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
