"""How sure each intent must be before a planner takes it as the message's wish, chosen by
leave-one-out on the learn part (never the held-out one):

    .venv/bin/python -m tests.understanding.calibrate

Each learn case is ranked against every skill's intent examples, leaving out any example that is
the case's own message; the nearest intent is right when it leads to a tool the case expects (or
to an answer when the case expects one). An intent's `sure` is the least score above which its
nearest-intent guesses are right at least `PRECISION` of the time, over at least `SUPPORT`
guesses, looked for below the planners' default (`DEFAULT`): a precise intent is trusted
sooner; one that is not keeps the default, which the recognizers' rules were written with. The figures printed go
into the intent's `sure:` in its skill's intents.yaml (`--write real_estate` writes them there,
for a skill whose planner reads them; an intent without a figure loses its `sure:`).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from agent_graph.understanding.intents import Intent, load_all
from agent_graph.understanding.matcher import NEAREST, _matrix, default_embed
from tests.understanding.cases import Case, load_part, tool_names

REPO = Path(__file__).resolve().parents[2]
PRECISION = 0.9
SUPPORT = 4
LOWEST = 0.3
DEFAULT = 0.5
"""The bundled planners' own least score (skills/real_estate/planner/plans.py, SURE)."""


def guesses(intents: list[Intent], cases: list[Case]) -> list[tuple[Intent, float, bool]]:
    """For each case: its nearest intent (own message left out), the score, whether right."""
    texts = [e for intent in intents for e in intent.examples]
    owner = np.asarray([n for n, intent in enumerate(intents) for _ in intent.examples])
    examples, messages = (
        _matrix(default_embed(texts)),
        _matrix(default_embed([c.say for c in cases])),
    )
    lowered = np.asarray([t.strip().lower() for t in texts])
    tools = [i.tool for i in intents if i.tool]
    shared = {t for t in tools if tools.count(t) > 1}
    found = []
    for case, message in zip(cases, messages, strict=True):
        similarity = np.where(lowered == case.say.strip().lower(), -1.0, examples @ message)
        scores = [
            np.sort(similarity[owner == n])[::-1][:NEAREST].mean() for n in range(len(intents))
        ]
        best = int(np.argmax(scores))
        found.append((intents[best], float(scores[best]), _right(intents[best], case, shared)))
    return found


def _right(intent: Intent, case: Case, shared: set[str]) -> bool:
    """The intent leads where the case expects; an intent whose tool other intents also lead to
    (a search ranked by likeness, a page) only when the case's call has one of its slots."""
    if not case.calls:
        return intent.answer is not None
    slotted = set(intent.slots.values())
    return any(
        intent.tool in tool_names(call)
        and (intent.tool not in shared or bool(slotted & set(call.get("args") or {})))
        for call in case.calls
    )


def thresholds(found: list[tuple[Intent, float, bool]]) -> dict[tuple[str, str], float]:
    """{(skill, intent): the least score at which its guesses are right often enough}."""
    by_intent: dict[tuple[str, str], list[tuple[float, bool]]] = defaultdict(list)
    for intent, score, right in found:
        by_intent[(intent.skill, intent.name)].append((score, right))
    chosen = {}
    for key, scored in by_intent.items():
        for cut in sorted({round(s, 2) for s, _ in scored if LOWEST <= s < DEFAULT}):
            above = [right for s, right in scored if s >= cut]
            if len(above) >= SUPPORT and sum(above) / len(above) >= PRECISION:
                chosen[key] = cut
                break
    return chosen


def write(skill: str, chosen: dict[tuple[str, str], float]) -> None:
    """Each intent's `sure:` line in the skill's intents.yaml, right after its name; comments
    and layout kept."""
    path = REPO / "skills" / skill / "intents.yaml"
    lines = [line for line in path.read_text().splitlines() if not _SURE_LINE.match(line)]
    out = []
    for line in lines:
        out.append(line)
        named = _INTENT_LINE.match(line)
        if named and (skill, named.group(1)) in chosen:
            out.append(f"    sure: {chosen[(skill, named.group(1))]:.2f}")
    path.write_text("\n".join(out) + "\n")


_INTENT_LINE = re.compile(r"^  ([a-z][a-z0-9_]*):\s*$")
_SURE_LINE = re.compile(r"^    sure: [0-9.]+\s*$")


def main() -> int:
    intents = load_all((p.name, p) for p in sorted((REPO / "skills").iterdir()) if p.is_dir())
    found = guesses(intents, load_part("learn"))
    print(f"nearest intent right: {sum(r for *_, r in found)}/{len(found)} learn cases")
    chosen = thresholds(found)
    for intent in intents:
        key = (intent.skill, intent.name)
        tried = [(s, r) for i, s, r in found if (i.skill, i.name) == key]
        sure = f"sure: {chosen[key]:.2f}" if key in chosen else "default"
        print(
            f"{intent.skill:<13} {intent.name:<22} {sum(r for _, r in tried):>3}/{len(tried):<3} {sure}"
        )
    if sys.argv[1:2] == ["--write"]:
        for skill in sys.argv[2:]:
            write(skill, chosen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
