"""L1 memory: typed preference entries per (user, skill), one Markdown file each, always injected.

File: ``{root}/users/{user}/skills/{skill}/preferences.md``, one entry per line, e.g.
``[PREFERENCE] units: metric`` (SAVED entries are items the user kept; SEARCH and WATCH
entries are what a skill's jobs look out for on the user's behalf). The same type+key
overwrites in place. Lines that are not
entries (hand-written notes, headings, garbled text) are ignored when loading and kept verbatim
when the file is rewritten, so a user's manual edits are never lost.
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, Protocol, get_args

EntryType = Literal["PREFERENCE", "DECISION", "OBSERVATION", "SAVED", "SEARCH", "WATCH"]
ENTRY_TYPES: Final[tuple[EntryType, ...]] = get_args(EntryType)
FILE_NAME: Final = "preferences.md"
MAX_VALUE_CHARS: Final = 500
RENDER_HEADER: Final = "Remembered user preferences (apply them unless the user says otherwise):"

_ID_RE: Final = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.@+-]{0,63}")
_KEY_RE: Final = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")
_LINE_RE: Final = re.compile(
    r"\[(PREFERENCE|DECISION|OBSERVATION|SAVED|SEARCH|WATCH)\]\s+([A-Za-z0-9_][A-Za-z0-9_.-]{0,63})\s*:\s*(.*?)\s*"
)
_LINE_BREAKS: Final = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def validate_id(kind: str, value: str) -> str:
    """Return ``value`` if it is safe as one path segment (user or skill id), else ValueError."""
    if not _ID_RE.fullmatch(value) or ".." in value:
        raise ValueError(f"invalid {kind} id {value!r}: use letters, digits and _ . @ + -")
    return value


@dataclass(frozen=True)
class PreferenceEntry:
    """One typed L1 entry; invalid keys or multi-line values raise ValueError."""

    entry_type: EntryType
    key: str
    value: str

    def __post_init__(self) -> None:
        if self.entry_type not in ENTRY_TYPES:
            raise ValueError(f"entry_type must be one of {ENTRY_TYPES}, got {self.entry_type!r}")
        if not _KEY_RE.fullmatch(self.key):
            raise ValueError(f"invalid preference key {self.key!r}: use letters, digits and _ . -")
        if any(ch in _LINE_BREAKS for ch in self.value):
            raise ValueError("preference values must be a single line")
        if not self.value.strip() or len(self.value) > MAX_VALUE_CHARS:
            raise ValueError(f"preference values must be 1–{MAX_VALUE_CHARS} characters")
        if self.value != self.value.strip():
            object.__setattr__(self, "value", self.value.strip())

    def to_line(self) -> str:
        return f"[{self.entry_type}] {self.key}: {self.value}"

    @staticmethod
    def parse(line: str) -> PreferenceEntry | None:
        """The entry on this line, or None for anything else (never raises)."""
        match = _LINE_RE.fullmatch(line.strip())
        if match is None:
            return None
        entry_type, key, value = match.groups()
        try:
            return PreferenceEntry(entry_type, key, value)  # type: ignore[arg-type]
        except ValueError:
            return None


def render_entries(per_skill: dict[str, list[PreferenceEntry]]) -> str:
    """The context block naming every remembered entry grouped per skill; "" when none."""
    if not per_skill:
        return ""
    parts = [RENDER_HEADER]
    for skill, entries in per_skill.items():
        parts.append(f"[{skill}]")
        parts.extend(f"- {e.to_line()}" for e in entries)
    return "\n".join(parts)


def as_data(per_skill: dict[str, list[PreferenceEntry]]) -> dict[str, list[dict[str, str]]]:
    """The entries per skill as plain data (what the planners and the API read)."""
    return {
        skill: [{"entry_type": e.entry_type, "key": e.key, "value": e.value} for e in entries]
        for skill, entries in per_skill.items()
    }


@dataclass(frozen=True)
class Remembered:
    """A user's L1 entries as data, per skill, and as the context block's text."""

    entries: dict[str, list[dict[str, str]]]
    text: str


class PreferenceBackend(Protocol):
    """Where L1 entries live: these files, or PostgreSQL in the server storage profile."""

    def load(self, user: str, skill: str) -> list[PreferenceEntry]: ...
    def load_all(self, user: str) -> dict[str, list[PreferenceEntry]]: ...
    def get(self, user: str, skill: str, entry_type: str, key: str) -> str | None: ...
    def upsert(self, user: str, skill: str, entry: PreferenceEntry) -> None: ...
    def forget(
        self, user: str, skill: str, key: str, entry_type: EntryType | None = None
    ) -> bool: ...
    def users(self, skill: str) -> list[str]: ...


class PreferenceStore:
    """Reads and atomically rewrites the per-(user, skill) preference files under ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._lock = threading.Lock()

    def path(self, user: str, skill: str) -> Path:
        validate_id("user", user)
        validate_id("skill", skill)
        return self.root / "users" / user / "skills" / skill / FILE_NAME

    def load(self, user: str, skill: str) -> list[PreferenceEntry]:
        lines = self._read_lines(self.path(user, skill))
        return [e for e in (PreferenceEntry.parse(line) for line in lines) if e is not None]

    def load_all(self, user: str) -> dict[str, list[PreferenceEntry]]:
        """Entries per skill (skills in name order; skills with no entries are left out)."""
        skills_dir = self.root / "users" / validate_id("user", user) / "skills"
        if not skills_dir.is_dir():
            return {}
        result: dict[str, list[PreferenceEntry]] = {}
        for folder in sorted(p for p in skills_dir.iterdir() if p.is_dir()):
            if not _ID_RE.fullmatch(folder.name) or ".." in folder.name:
                continue
            entries = self.load(user, folder.name)
            if entries:
                result[folder.name] = entries
        return result

    def upsert(self, user: str, skill: str, entry: PreferenceEntry) -> None:
        """Overwrite the entry with the same type and key in place, or append it."""
        path = self.path(user, skill)
        with self._lock:
            lines = self._read_lines(path)
            for i, line in enumerate(lines):
                old = PreferenceEntry.parse(line)
                if old is not None and (old.entry_type, old.key) == (entry.entry_type, entry.key):
                    lines[i] = entry.to_line()
                    break
            else:
                lines.append(entry.to_line())
            self._write_lines(path, lines)

    def get(self, user: str, skill: str, entry_type: str, key: str) -> str | None:
        """The current value of one entry, or None."""
        for entry in self.load(user, skill):
            if (entry.entry_type, entry.key) == (entry_type, key):
                return entry.value
        return None

    def forget(self, user: str, skill: str, key: str, entry_type: EntryType | None = None) -> bool:
        """Remove the entries with this key (of any type unless given); True if one existed."""
        path = self.path(user, skill)
        with self._lock:
            lines = self._read_lines(path)
            kept = [line for line in lines if not _matches(line, key, entry_type)]
            if len(kept) == len(lines):
                return False
            self._write_lines(path, kept)
            return True

    def users(self, skill: str) -> list[str]:
        """The users with entries of `skill` (what a job that reads entries runs over)."""
        validate_id("skill", skill)
        found = (self.root / "users").glob(f"*/skills/{skill}/{FILE_NAME}")
        return sorted(path.parents[2].name for path in found)

    @staticmethod
    def _read_lines(path: Path) -> list[str]:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return []
        return [line for line in text.split("\n") if line.strip()]

    @staticmethod
    def _write_lines(path: Path, lines: list[str]) -> None:
        """Write a temp file in the same folder, fsync, then os.replace: readers see old or new."""
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{FILE_NAME}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write("".join(f"{line}\n" for line in lines))
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def _matches(line: str, key: str, entry_type: EntryType | None) -> bool:
    entry = PreferenceEntry.parse(line)
    return (
        entry is not None
        and entry.key == key
        and (entry_type is None or entry.entry_type == entry_type)
    )
