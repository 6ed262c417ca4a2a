"""A file an operator hands a job lands in the skill's inbox under a name of its own."""

from __future__ import annotations

from pathlib import Path

from agent_graph.skills.isolation.state import receive, state_root


def test_the_same_file_handed_twice_in_one_second_keeps_both(tmp_path: Path) -> None:
    """The operator's run without `confirm`, then at once with it: two uploads, two files."""
    root = state_root(tmp_path)
    first = receive(root, "probe", "update.csv", b"zpid,price\n1,2\n")
    second = receive(root, "probe", "update.csv", b"zpid,price\n1,3\n")
    assert first != second
    assert first.startswith("inbox/") and first.endswith("-update.csv")
    inbox = root / "probe"
    assert (inbox / first).read_bytes() == b"zpid,price\n1,2\n"
    assert (inbox / second).read_bytes() == b"zpid,price\n1,3\n"


def test_a_name_cannot_leave_the_inbox(tmp_path: Path) -> None:
    root = state_root(tmp_path)
    path = receive(root, "probe", "../../etc/passwd", b"x")
    assert path.startswith("inbox/") and "/" not in path.removeprefix("inbox/")
    assert (root / "probe" / path).is_file()
