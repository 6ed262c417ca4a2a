"""Which llama-server slot a local-model call takes, and a slot's cache copied to another.

llama-server keeps the prompt of each slot's last call and reads only what follows the part a
new prompt shares with it. The tool schemas come right after the first system message, so a
call offered other tools than the slot last read shares little beyond that message: a new
session offered two skills' tools after one offered the first skill's alone read about 1,000
tokens of schemas again (25 s here), and the slot lost what the other session held.

So each tool slot holds one tool list: a call goes to the slot that last read exactly its
list. A list no slot holds takes the slot used least recently, and when another slot's list
starts more like it, that slot's cache is copied there first (llama-server's slot save and
restore through a file: about 60 ms for 3,500 tokens here, against 20-60 s of reading): the
call then reads only what its list adds, and the other slot keeps its own. Calls without tools
(a summary) have a slot of their own, which they would otherwise replace.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

log = logging.getLogger(__name__)

TOOL_SLOTS = 3
"""Slots for calls offered tools (each holds one tool list, LOCAL_MODEL_CTX tokens of cache,
about 350 MB at the default): the lists of one skill, of two, and another live side by side."""
PLAIN_SLOT = TOOL_SLOTS
COPY_TIMEOUT_S = 10.0
"""A slot busy with a call is copied after it: no longer than this, else the call just reads."""


@dataclass(frozen=True)
class SlotChoice:
    slot: int
    copy_from: int | None = None
    """A slot whose cache starts more like this call's prompt, to copy into `slot` first."""


def tool_names(tools: list[dict[str, Any]]) -> tuple[str, ...]:
    return tuple(str((t.get("function") or {}).get("name", "")) for t in tools)


def _shared(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """How many tools two lists share from their start (in one order: graph/tool_choice.py)."""
    count = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        count += 1
    return count


class SlotPicker:
    """The slot for a call by its tool list (see the module's docstring)."""

    def __init__(self, slots: int = TOOL_SLOTS) -> None:
        self._held: list[tuple[str, ...] | None] = [None] * slots
        """The tool list each tool slot read last (None: nothing yet)."""
        self._order = list(range(slots))
        """Tool slots, least recently used first."""

    def pick(self, tools: list[dict[str, Any]] | None) -> SlotChoice:
        if not tools:
            return SlotChoice(PLAIN_SLOT)
        names = tool_names(tools)
        if names in self._held:
            choice = SlotChoice(self._held.index(names))
        else:
            slot = self._order[0]
            choice = SlotChoice(slot, self._donor(names, slot))
            self._held[slot] = names
        self._order.remove(choice.slot)
        self._order.append(choice.slot)
        return choice

    def _donor(self, names: tuple[str, ...], slot: int) -> int | None:
        """The slot, most recent first, whose list shares the most with `names`, when it shares
        more than what `slot` holds (any held list shares the system prompt before the tools)."""

        def score(held: tuple[str, ...] | None) -> int:
            return -1 if held is None else _shared(held, names)

        best = max(reversed(self._order), key=lambda s: score(self._held[s]))
        return best if score(self._held[best]) > score(self._held[slot]) else None


async def copy_slot(base_url: str, folder: Path, source: int, target: int) -> None:
    """Copy slot `source`'s cache into `target` through a file in `folder` (llama-server's
    --slot-save-path), deleted at once: it holds a conversation. Failures are only logged."""
    name = f"slot-{target}.bin"
    try:
        for slot, action in ((source, "save"), (target, "restore")):
            await slot_action(base_url, slot, action, name)
    except httpx.HTTPError as exc:
        log.warning("local model: copying slot %s to %s failed (%s)", source, target, exc)
    finally:  # off the event loop, as every file call (`langgraph dev` refuses blocking ones)
        await asyncio.to_thread((folder / name).unlink, missing_ok=True)


async def slot_action(base_url: str, slot: int, action: str, name: str) -> None:
    """llama-server's slot `save` to, or `restore` from, file `name` of its --slot-save-path."""
    root = base_url.removesuffix("/").removesuffix("/v1")
    async with httpx.AsyncClient(base_url=root, timeout=COPY_TIMEOUT_S) as client:
        response = await client.post(
            f"/slots/{slot}", params={"action": action}, json={"filename": name}
        )
        response.raise_for_status()


PREFIX_FILES = "prefix-*.bin"


def prefix_file(identity: str, request: Any) -> str:
    """The file a read prompt prefix is kept in: named by the model (`identity`, its sha256)
    and the exact request that read it (instructions, tool schemas), so a changed prompt, tool
    or model never restores a stale cache. It holds no conversation: only that prefix."""
    text = json.dumps([identity, request], sort_keys=True, default=str)
    return f"prefix-{hashlib.sha256(text.encode()).hexdigest()[:16]}.bin"


def drop_other_prefixes(folder: Path, keep: str) -> None:
    """Only the newest prefix is kept (a prompt or a model that changed leaves its old one)."""
    for old in folder.glob(PREFIX_FILES):
        if old.name != keep:
            old.unlink(missing_ok=True)
