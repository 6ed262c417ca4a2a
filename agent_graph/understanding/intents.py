"""A skill's intents, declared in `intents.yaml` beside its SKILL.md (docs/skills.md, "Intents").

Each intent names what it leads to (a `tool` of the skill, or an `answer` without one: `words`,
`ask`, `refuse`), the `slots` that fill the tool's arguments (slot name -> argument; the skill's
own code reads the values), the example messages it is recognized by and, optionally, how `sure`
(least similarity) a planner must be before it takes the intent as the message's wish. The core reads only the
names and examples; what an intent means stays with the skill.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import regex
import yaml

from agent_graph.understanding.spelling import Spelling

log = logging.getLogger(__name__)

INTENTS_FILE = "intents.yaml"
ANSWERS = ("words", "ask", "refuse")
_NAME = re.compile(r"^[a-z][a-z0-9_]{0,59}$")
MAX_EXAMPLE_CHARS = 300
_WORD = re.compile(r"^[a-z]{4,40}$")
"""A word a skill lists under `spelling:` or `as_written:`."""


class IntentsError(ValueError):
    """An intents.yaml that cannot be used; the skill keeps working without intents."""


@dataclass(frozen=True)
class Intent:
    """One wish a skill understands, with the examples it is recognized by."""

    skill: str
    name: str
    examples: tuple[str, ...]
    tool: str | None = None
    answer: str | None = None
    slots: Mapping[str, str] = field(default_factory=dict)
    """Slot name -> the tool argument it fills."""
    sure: float | None = None
    """The least score at which the intent is taken as the wish; None: the planner's default."""


def load_intents(skill: str, folder: Path) -> list[Intent]:
    """The intents of one skill folder; [] when it declares none, IntentsError when malformed."""
    data = _document(folder)
    return [] if data is None else _intents_in(skill, data, folder / INTENTS_FILE)


def _document(folder: Path) -> dict[str, Any] | None:
    """The folder's intents.yaml, parsed; None without one, IntentsError when it is no mapping."""
    path = folder / INTENTS_FILE
    if not path.is_file():
        return None
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise IntentsError(f"{path}: not YAML ({exc})") from exc
    if not isinstance(data, dict):
        raise IntentsError(f"{path}: needs an `intents:` mapping of name -> intent")
    return data


def _intents_in(skill: str, data: dict[str, Any], path: Path) -> list[Intent]:
    declared = data.get("intents")
    if not isinstance(declared, dict) or not declared:
        raise IntentsError(f"{path}: needs an `intents:` mapping of name -> intent")
    return [_intent(skill, str(name), body, path) for name, body in declared.items()]


def _intent(skill: str, name: str, body: Any, path: Path) -> Intent:
    where = f"{path}: intent {name!r}"
    if not _NAME.match(name) or not isinstance(body, dict):
        raise IntentsError(f"{where}: a lowercase name with a mapping body is required")
    tool, answer = body.get("tool"), body.get("answer")
    if (tool is None) == (answer is None):
        raise IntentsError(f"{where}: give exactly one of `tool` or `answer`")
    if answer is not None and answer not in ANSWERS:
        raise IntentsError(f"{where}: answer must be one of {', '.join(ANSWERS)}")
    examples = body.get("examples")
    if not isinstance(examples, list) or not examples:
        raise IntentsError(f"{where}: needs a list of `examples`")
    if any(not isinstance(e, str) or not e.strip() for e in examples):
        raise IntentsError(f"{where}: every example is a non-empty string")
    slots = body.get("slots") or {}
    if not isinstance(slots, dict) or any(not isinstance(v, str) for v in slots.values()):
        raise IntentsError(f"{where}: slots map a slot name to the argument it fills")
    sure = body.get("sure")
    if sure is not None and (isinstance(sure, bool) or not isinstance(sure, (int, float))
                             or not 0 <= sure <= 1):  # fmt: skip
        raise IntentsError(f"{where}: sure is a similarity between 0 and 1")
    return Intent(
        skill=skill,
        name=name,
        examples=tuple(e.strip()[:MAX_EXAMPLE_CHARS] for e in examples),
        tool=str(tool) if tool is not None else None,
        answer=str(answer) if answer is not None else None,
        slots={str(k): str(v) for k, v in slots.items()},
        sure=float(sure) if sure is not None else None,
    )


def load_names(folder: Path) -> tuple[str, ...]:
    """The names a skill's `intents.yaml` lists under `names:` (its places, its products): a
    message no skill is heard by otherwise is heard by a skill it names (graph/tool_choice.py).
    () when it lists none; IntentsError when the list is malformed."""
    data = _document(folder)
    return () if data is None else _names_in(data, folder / INTENTS_FILE)


def _names_in(data: dict[str, Any], path: Path) -> tuple[str, ...]:
    names = data.get("names")
    if names is None:
        return ()
    if not isinstance(names, list) or any(not isinstance(n, str) or not n.strip() for n in names):
        raise IntentsError(f"{path}: `names` is a list of non-empty strings")
    return tuple(n.strip()[:MAX_EXAMPLE_CHARS] for n in names)


def _shapes_in(data: dict[str, Any], path: Path) -> tuple[str, ...]:
    """The patterns a skill's `intents.yaml` lists under `shapes:` (regular expressions, read
    without case): a message with one of them in it is heard by that skill whatever else hears
    it (graph/tool_choice.py), for what only exact reading finds (a number in its own format)."""
    shapes = data.get("shapes")
    if shapes is None:
        return ()
    if not isinstance(shapes, list) or any(not isinstance(s, str) or not s.strip() for s in shapes):
        raise IntentsError(f"{path}: `shapes` is a list of non-empty patterns")
    for shape in shapes:
        try:
            regex.compile(shape)
        except regex.error as exc:
            raise IntentsError(f"{path}: shape {shape!r} is not a pattern: {exc}") from exc
    return tuple(s.strip() for s in shapes)


def _spelling_in(data: dict[str, Any], path: Path) -> Spelling:
    """The words a skill's `spelling:` lists (a slip of one in a message is read as it, in the
    message that skill's planner reads: understanding/spelling.py `spelt`), and the everyday
    words its `as_written:` lists, read as themselves though a slip of one of those."""
    return Spelling(_words_in(data, "spelling", path), _words_in(data, "as_written", path))


def _words_in(data: dict[str, Any], key: str, path: Path) -> frozenset[str]:
    words = data.get(key)
    if words is None:
        return frozenset()
    if not isinstance(words, list) or not all(isinstance(w, str) and _WORD.match(w) for w in words):
        raise IntentsError(f"{path}: `{key}` is a list of lower-case words")
    return frozenset(words)


class Declared(NamedTuple):
    """What the skills' intents.yaml files declare, by skill where it is a skill's own."""

    intents: list[Intent]
    names: dict[str, tuple[str, ...]]
    spelling: dict[str, Spelling]
    shapes: dict[str, tuple[str, ...]]


def declared(folders: Iterable[tuple[str, Path]]) -> Declared:
    """Every skill's intents, its `names`, `spelling` words and `shapes` by skill, each file
    read once; a skill whose file is malformed is left out (logged), so one bad file never
    silences the others."""
    intents: list[Intent] = []
    names: dict[str, tuple[str, ...]] = {}
    spelling: dict[str, Spelling] = {}
    shapes: dict[str, tuple[str, ...]] = {}
    for skill, folder in folders:
        path = folder / INTENTS_FILE
        try:
            data = _document(folder)
            intents.extend(_intents_in(skill, data, path) if data is not None else ())
        except (IntentsError, OSError) as exc:
            log.error("skipping the intents of %s: %s", skill, exc)
            continue
        try:
            if data is not None and (said := _names_in(data, path)):
                names[skill] = said
        except IntentsError as exc:
            log.error("skipping the names of %s: %s", skill, exc)
        try:
            if data is not None and (words := _spelling_in(data, path)):
                spelling[skill] = words
        except IntentsError as exc:
            log.error("skipping the spelling of %s: %s", skill, exc)
        try:
            if data is not None and (patterns := _shapes_in(data, path)):
                shapes[skill] = patterns
        except IntentsError as exc:
            log.error("skipping the shapes of %s: %s", skill, exc)
    return Declared(intents, names, spelling, shapes)


def load_all(folders: Iterable[tuple[str, Path]]) -> list[Intent]:
    """Every skill's intents (see `declared`)."""
    return declared(folders)[0]


def names_of(folders: Iterable[tuple[str, Path]]) -> dict[str, tuple[str, ...]]:
    """Every skill's `names`, by skill (see `declared`)."""
    return declared(folders)[1]
