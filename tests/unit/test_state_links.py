"""A skill writes in its state folder; the agent (root) makes, chmods, chowns, walks and writes
uploads into it. Every path the agent touches there is replaced by a link to a folder or file
outside, and nothing outside may change: not its mode, not its owner, not its content (issue
46, review three: a planted `inbox` link turned /etc-like folders into nobody:nogroup 0700 and
received an operator's upload; a link in the data dir stopped the API from starting)."""

from __future__ import annotations

import os
import pwd
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_graph.security.private_files import keep_private
from agent_graph.skills.isolation.state import INBOX, hand_over, receive, state_dir, state_root

ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="chown to another user needs root")


@pytest.fixture
def nobody() -> tuple[int, int]:
    user = pwd.getpwnam("nobody")
    return user.pw_uid, user.pw_gid


@pytest.fixture
def victim(tmp_path: Path) -> Iterator[Path]:
    """A folder outside the data dir, as /etc or /root/.ssh would be: root's, 0755, one file."""
    folder = tmp_path / "outside"
    folder.mkdir()
    folder.chmod(0o755)
    (folder / "keys").write_text("outside")
    (folder / "keys").chmod(0o644)
    yield folder


def _unchanged(victim: Path) -> None:
    for path, mode in ((victim, 0o755), (victim / "keys", 0o644)):
        info = path.stat()
        assert (stat.S_IMODE(info.st_mode), info.st_uid) == (mode, os.geteuid()), path
    assert sorted(p.name for p in victim.iterdir()) == ["keys"]
    assert (victim / "keys").read_text() == "outside"


def _plant(link: Path, target: Path) -> None:
    if link.is_dir() and not link.is_symlink():
        link.rename(link.with_name(link.name + ".old"))
    link.symlink_to(target)


@ROOT_ONLY
def test_an_inbox_link_is_replaced_not_chowned_through(
    tmp_path: Path, victim: Path, nobody: tuple[int, int]
) -> None:
    root = state_root(tmp_path / "data")
    folder = state_dir(root, "attacker", nobody)
    _plant(folder / INBOX, victim)
    state_dir(root, "attacker", nobody)
    _unchanged(victim)
    inbox = folder / INBOX
    assert inbox.is_dir() and not inbox.is_symlink()
    assert (inbox.stat().st_uid, stat.S_IMODE(inbox.stat().st_mode)) == (nobody[0], 0o700)


@ROOT_ONLY
def test_a_skill_folder_that_became_a_link_is_replaced(
    tmp_path: Path, victim: Path, nobody: tuple[int, int]
) -> None:
    root = state_root(tmp_path / "data")
    state_dir(root, "attacker", nobody)
    _plant(root / "attacker", victim)
    folder = state_dir(root, "attacker", nobody)
    _unchanged(victim)
    assert folder.is_dir() and not folder.is_symlink() and folder.stat().st_uid == nobody[0]


def test_an_upload_never_lands_through_an_inbox_link(tmp_path: Path, victim: Path) -> None:
    root = state_root(tmp_path / "data")
    folder = state_dir(root, "attacker")
    _plant(folder / INBOX, victim)
    path = receive(root, "attacker", "update.csv", b"zpid,price\n1,2\n")
    _unchanged(victim)
    assert (folder / path).read_bytes() == b"zpid,price\n1,2\n"
    assert not (folder / INBOX).is_symlink()


@ROOT_ONLY
def test_handing_over_follows_no_link_below_the_folder(
    tmp_path: Path, victim: Path, nobody: tuple[int, int]
) -> None:
    """The first hand-over walks what the agent's user owns below the folder: links to a
    folder and to a file outside stay pointing there, and what they point to stays root's."""
    root = state_root(tmp_path / "data")
    folder = state_dir(root, "attacker")
    (folder / "notes").mkdir()
    (folder / "notes" / "kept.txt").write_text("mine")
    (folder / "notes" / "etc").symlink_to(victim)
    (folder / "keys").symlink_to(victim / "keys")
    _plant(folder / INBOX, victim)
    hand_over(folder, nobody)
    _unchanged(victim)
    assert (folder / "notes" / "kept.txt").stat().st_uid == nobody[0]
    assert (folder / INBOX).stat().st_uid == nobody[0] and not (folder / INBOX).is_symlink()


def test_links_in_the_data_dir_neither_stop_a_start_nor_are_followed(
    tmp_path: Path, victim: Path
) -> None:
    data = tmp_path / "data"
    folder = state_dir(state_root(data), "attacker")
    (folder / "own.txt").write_text("the skill's")
    (folder / "own.txt").chmod(0o644)
    (folder / "to-dir").symlink_to(victim)
    (folder / "to-file").symlink_to(victim / "keys")
    (data / "users").mkdir()
    (data / "users" / "to-dir").symlink_to(victim)
    (data / "users" / "session.json").write_text("{}")
    (data / "users" / "session.json").chmod(0o644)
    keep_private(data, skip=state_root(data))
    _unchanged(victim)
    assert stat.S_IMODE((data / "users" / "session.json").stat().st_mode) == 0o600
    assert stat.S_IMODE((folder / "own.txt").stat().st_mode) == 0o644  # the skill's own
