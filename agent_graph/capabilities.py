"""What the model call's and the tool call's capabilities share: each a small class with a name,
the capabilities it must run after (`runs_after`) and what it needs (`needs`); their order is
computed once, when the call is built, and fails there on a missing or contradictory
declaration (llm/model_call/protocol.py, graph/tool_calls/protocol.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, TypeVar


class Declared:
    """A capability's declarations (the hooks are the call's own: model or tool)."""

    name: ClassVar[str]
    runs_after: ClassVar[tuple[str, ...]] = ()
    """Capabilities that must be present and run before this one."""
    needs: ClassVar[frozenset[str]] = frozenset()
    """What it reads that another part must make (a response, a result, or a caller's word
    such as a plan the caller makes only when some capability needs it)."""
    provides: ClassVar[frozenset[str]] = frozenset()
    """What it makes true of the call, for the caller to ask (`provided`)."""


D = TypeVar("D", bound=Declared)


class CapabilityOrderError(ValueError):
    """A capability list whose declarations cannot be met."""


def ordered(capabilities: Sequence[D]) -> list[D]:
    """The capabilities in an order that meets every `runs_after`, the given order kept where
    none decides. Fails on a missing capability, a repeated name or a cycle, naming them."""
    by_name = {c.name: c for c in capabilities}
    if len(by_name) != len(capabilities):
        raise CapabilityOrderError(f"capability names repeat: {[c.name for c in capabilities]}")
    for capability in capabilities:
        if missing := [n for n in capability.runs_after if n not in by_name]:
            raise CapabilityOrderError(
                f"{capability.name} runs after {', '.join(missing)}, which is not present"
            )
    done: list[D] = []
    waiting = list(capabilities)
    while waiting:
        placed = {c.name for c in done}
        ready = next((c for c in waiting if placed.issuperset(c.runs_after)), None)
        if ready is None:
            names = ", ".join(c.name for c in waiting)
            raise CapabilityOrderError(f"no order runs each of {names} after what it names")
        done.append(ready)
        waiting.remove(ready)
    return done


def provided(capabilities: Sequence[Declared], word: str) -> bool:
    """Whether any of `capabilities` provides `word`."""
    return any(word in c.provides for c in capabilities)


def with_hook(capabilities: Sequence[D], base: type, hook: str) -> list[D]:
    """The capabilities that have their own `hook` (one left as `base`'s is not run)."""
    return [c for c in capabilities if getattr(type(c), hook) is not getattr(base, hook)]
