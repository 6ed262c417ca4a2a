"""Who owns a tool name or a widget kind: the skill that registered it first, across restarts.

A skill installed later that declares a name already owned is refused, with the owner's name;
the owner keeps its tools, so a newcomer cannot knock out a skill in use. Claims live in a
small private file under MEMORY_ROOT; a skill whose folder is gone frees its names. When skills
that never ran before declare the same name, none of them was first: all are refused, and the
reason asks the operator to rename one.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from pathlib import Path

Claims = dict[str, str]
"""`tool <name>` / `widget kind <kind>` -> the skill that owns it."""

log = logging.getLogger(__name__)


def load_claims(path: Path | None) -> Claims:
    """The recorded owners; none when there is no file yet (or it is unreadable: logged)."""
    if path is None or not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.error("ignoring the skill name claims in %s: %s", path, exc)
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def save_claims(path: Path | None, claims: Claims) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(claims, indent=1, sort_keys=True), encoding="utf-8")


def clashes(declared: dict[str, list[str]], claims: Claims, present: set[str]) -> dict[str, str]:
    """{skill: reason} for every skill that must not load because of a name another skill
    declares or owns. `declared` maps each started skill to its names; `present` are the skills
    whose folders exist (an owner that failed to start this time still owns its names)."""
    refused: dict[str, str] = {}
    claimants: dict[str, list[str]] = {}
    for skill, names in declared.items():
        for name, count in Counter(names).items():
            if count > 1:
                refused.setdefault(skill, f"{name} is declared twice")
            claimants.setdefault(name, []).append(skill)
    for name, skills in claimants.items():
        owner = _owner(name, claims, declared, present)
        for skill in skills:
            if owner is not None and skill != owner:
                refused.setdefault(skill, f"{name} is already registered by {owner}; rename it")
            elif owner is None and len(skills) > 1:
                others = ", ".join(sorted(set(skills) - {skill}))
                refused.setdefault(
                    skill,
                    f"{name} is also declared by {others} and none of them registered it "
                    "first; rename one of them",
                )
    return refused


def _owner(
    name: str, claims: Claims, declared: dict[str, list[str]], present: set[str]
) -> str | None:
    """The recorded owner of `name`, unless its folder is gone or it no longer declares it."""
    owner = claims.get(name)
    if owner is None or owner not in present:
        return None
    return None if owner in declared and name not in declared[owner] else owner


def updated(claims: Claims, loaded: dict[str, list[str]], present: set[str]) -> Claims:
    """The claims after a start: what the loaded skills declare now, plus what the skills that
    did not load this time but are still installed owned before."""
    kept = {n: skill for n, skill in claims.items() if skill in present and skill not in loaded}
    return {**kept, **{name: skill for skill, names in loaded.items() for name in names}}
