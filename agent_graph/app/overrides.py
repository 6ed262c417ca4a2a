"""What an entry point replaces in the app its settings describe: a test's or a benchmark's own
model, skills that time their calls, memory written in the turn or left out, session files
saved in the turn, skill workers and planners shared between several apps."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from langchain_core.language_models import BaseChatModel

from agent_graph.graph.services import SkillGateway
from agent_graph.planning.planners import Planners
from agent_graph.skills.registry import SkillRegistry


@dataclass(frozen=True)
class Overrides:
    model: Callable[[Planners], BaseChatModel] | None = None
    """The model instead of the one AGENT_MODEL names, made over the app's planners."""
    wrap_skills: Callable[[SkillRegistry], SkillGateway] | None = None
    """The graph calls the started registry through this (a benchmark times each call)."""
    write_behind: bool = True
    """Memory writes settle after the turn (the API's way); False writes them in the turn."""
    memory: bool = True
    """False: the graph runs without the memory layer (the app still opens it for its routes)."""
    sessions_behind: bool = True
    """Session files are written as `done` goes out (the API's way); False writes them in the
    turn (what a benchmark compares it with)."""
    registry: SkillRegistry | None = None
    """A started registry the app uses instead of starting its own; its owner closes it (a
    benchmark's variants share the same warm workers)."""
    planners: Planners | None = None
    """The skills' planners, started and closed by their owner, instead of the app's own."""
