"""Folders the agent works in that someone else may write to (a skill's state folder), handled
through directory descriptors, one name at a time, never following a symbolic link: what a
skill plants there (a link to /etc, a file where a folder belongs) can neither redirect the
agent's chmod, chown or writes outside, nor stop it.

Each name is opened relative to its parent's descriptor with `O_NOFOLLOW`, and names are single
path components (no `/`, no `..`): the same guarantee as `openat2(RESOLVE_BENEATH |
RESOLVE_NO_SYMLINKS)`, on every kernel, and what lets a missing folder be made on the way."""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger(__name__)

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
_NOT_A_FOLDER = (errno.ELOOP, errno.ENOTDIR)


class UnsafeName(ValueError):
    """A name that is not one path component."""


def _check(name: str) -> str:
    if not name or name in (".", "..") or "/" in name or "\0" in name:
        raise UnsafeName(f"not a single file name: {name!r}")
    return name


@contextmanager
def opened(path: Path) -> Iterator[int]:
    """A descriptor of a folder the agent itself controls (the data dir, the state root): the
    operator may have made it a link, so it is opened as named; closed on exit."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        yield fd
    finally:
        os.close(fd)


@contextmanager
def folder(parent: int, name: str, mode: int = 0o700) -> Iterator[int]:
    """The folder `name` under the descriptor `parent`, made (with `mode`) if missing. Where a
    link or a file stands in its place, that entry is removed and a real folder made: what a
    skill left there never stops the agent, and is never followed."""
    fd = _open_folder(parent, _check(name), mode)
    try:
        yield fd
    finally:
        os.close(fd)


def _open_folder(parent: int, name: str, mode: int) -> int:
    try:
        return os.open(name, DIR_FLAGS, dir_fd=parent)
    except FileNotFoundError:
        pass
    except OSError as exc:
        if exc.errno not in _NOT_A_FOLDER:
            raise
        log.warning("replaced %r, which was no folder (a link or a file), with a folder", name)
        os.unlink(name, dir_fd=parent)
    with contextlib.suppress(FileExistsError):  # made meanwhile: opened with the same checks
        os.mkdir(name, mode, dir_fd=parent)
    return os.open(name, DIR_FLAGS, dir_fd=parent)


def create_file(parent: int, name: str, content: bytes, mode: int = 0o644) -> None:
    """Write a new file `name` under `parent` (never an existing one, never through a link),
    owned like `parent`."""
    fd = os.open(
        _check(name),
        os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
        mode,
        dir_fd=parent,
    )
    try:
        _write_all(fd, content)
        os.fchmod(fd, mode)
        owner = os.fstat(parent)
        if owner.st_uid != os.geteuid():
            os.fchown(fd, owner.st_uid, owner.st_gid)
    finally:
        os.close(fd)


def _write_all(fd: int, content: bytes) -> None:
    view = memoryview(content)
    while view:
        view = view[os.write(fd, view) :]


def walk(top: int) -> Iterator[tuple[int, list[str], list[str]]]:
    """(descriptor, folder names, other names) for the folder `top` and each folder below it,
    top-down: clearing the folder names skips them. A link is never entered (nor opened: a
    folder swapped for a link or a pipe meanwhile is skipped, never waited on)."""
    folders: list[str] = []
    others: list[str] = []
    for entry in os.scandir(top):
        (folders if entry.is_dir(follow_symlinks=False) else others).append(entry.name)
    yield top, folders, others
    for name in folders:
        try:
            fd = os.open(name, DIR_FLAGS, dir_fd=top)
        except OSError:
            continue
        try:
            yield from walk(fd)
        finally:
            os.close(fd)


def set_mode(fd: int, mode: int, owner: tuple[int, int] | None = None) -> None:
    os.fchmod(fd, mode)
    if owner is not None:
        os.fchown(fd, *owner)


def chmod_file(parent: int, name: str, mode: int) -> None:
    """chmod the regular file `name` under `parent`; a link, a device or a pipe is left alone."""
    try:
        fd = os.open(name, FILE_FLAGS, dir_fd=parent)
    except OSError:
        return  # a link (ELOOP), gone meanwhile, or unreadable: nothing to make private
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.fchmod(fd, mode)
    finally:
        os.close(fd)
