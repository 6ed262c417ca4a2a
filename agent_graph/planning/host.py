"""Runs one skill's planner in a process of its own, never in the agent's.

    python -I planner_host.py PLANNER_FILE SKILLS_DIR

Started through `skills/isolation/launcher.py`, so it is confined like the skill's workers (Landlock, no secrets
in its environment). Speaks JSON lines: the first line out is
`{"priority": int, "functions": [...]}`; then every request line `{"fn": name, "arg": value}`
gets one reply line, `{"ok": value}` or `{"error": "..."}`. A `{"fn": "batch", "arg": [request,
...]}` asks several in one round trip: its `ok` is their replies, in order, each as it would be
alone. The planner's own prints go to stderr, so they cannot forge a reply. Standard library only: it is skill-side code.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

FUNCTIONS = ("plan", "answer", "state_lines", "hints", "refuse", "check", "confirm", "meant")
BATCH = "batch"
DEFAULT_PRIORITY = 50


def planner_file(folder: Path) -> Path | None:
    """The planner of a skill folder: `planner/__init__.py`, else `planner.py`, else None."""
    package = folder / "planner" / "__init__.py"
    if package.is_file():
        return package
    single = folder / "planner.py"
    return single if single.is_file() else None


def load_planner(path: Path, name: str = "propsearch_planner") -> ModuleType:
    """Import a planner file by path (a package keeps its relative imports)."""
    resolved = path.resolve()
    search = [str(resolved.parent)] if resolved.name == "__init__.py" else None
    spec = importlib.util.spec_from_file_location(name, resolved, submodule_search_locations=search)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def greeting(module: ModuleType) -> dict[str, Any]:
    priority = getattr(module, "PRIORITY", DEFAULT_PRIORITY)
    return {
        "priority": priority if isinstance(priority, int) else DEFAULT_PRIORITY,
        "functions": [f for f in FUNCTIONS if callable(getattr(module, f, None))],
    }


def answer(module: ModuleType, line: str) -> dict[str, Any]:
    """The reply to one request line: one function's, or a batch's (each reply in order)."""
    try:
        request = json.loads(line)
    except ValueError as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}
    if isinstance(request, dict) and request.get("fn") == BATCH:
        asked = request.get("arg")
        if isinstance(asked, list):
            return {"ok": [answer_one(module, each) for each in asked]}
    return answer_one(module, request)


def answer_one(module: ModuleType, request: Any) -> dict[str, Any]:
    """One planner function's reply: `{"ok": value}`, or `{"error": ...}` when it raised."""
    try:
        name = request.get("fn") if isinstance(request, dict) else None
        if name not in FUNCTIONS:
            raise ValueError(f"no planner function {name!r}")
        return {"ok": getattr(module, name)(request.get("arg"))}
    except Exception as exc:
        traceback.print_exc()
        return {"error": f"{type(exc).__name__}: {exc}"}


def main(argv: list[str]) -> None:
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the planner's prints land in stderr, not in the reply channel
    sys.stdout = sys.stderr
    sys.path.insert(0, argv[2])  # the skills folder, as PYTHONPATH has it for the workers
    module = load_planner(Path(argv[1]))

    def send(message: dict[str, Any]) -> None:
        try:
            text = json.dumps(message, default=str)
        except (TypeError, ValueError) as exc:  # a cycle, a NaN key...
            text = json.dumps({"error": f"reply is not JSON: {exc}"})
        replies.write(text + "\n")
        replies.flush()

    send(greeting(module))
    for line in sys.stdin:
        send(answer(module, line))


if __name__ == "__main__":
    main(sys.argv)
