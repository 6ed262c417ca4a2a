"""MemoryLayer: the four memory layers behind the graph's MemoryGateway (async facade)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from dataclasses import asdict
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel

from agent_graph.memory.changes import Change, ChangeLog, ChangeRecords
from agent_graph.memory.preferences import (
    PreferenceBackend,
    PreferenceEntry,
    PreferenceStore,
    Remembered,
    as_data,
    render_entries,
)
from agent_graph.memory.scoring import score_result, score_with_llm, summarize_result
from agent_graph.telemetry.tool_calls import recall_span

log = logging.getLogger(__name__)

STORE_THRESHOLD = 3
SEMANTIC_TOP_N = 3
EPISODE_TOP_N = 3
EPISODE_CHARS = 400
EPISODE_SAVE_CHARS = 600
WRITE_GRACE_S = 0.5
"""How long a deferred write waits for its turn to be over (settle) before it begins anyway."""


class MemoryLayer:
    """L1 files are always available; Chroma (L2/L3) opens on first use, off the event loop.

    With `write_behind`, L2/L3 writes (embedding + Chroma upsert, ~0.1-0.3 s per turn) run in
    the background instead of inside the turn; every L2/L3 read of that user waits for them
    first, so recall never misses a write (see bench/ for the measured effect). They begin
    once the turn is over (`settle`, which the API awaits after `done`), or WRITE_GRACE_S after
    they were asked for where nothing settles (Studio): begun at once, their CPU slowed the
    end of the turn they came from.
    """

    def __init__(
        self,
        root: Path,
        model: BaseChatModel | None = None,
        write_behind: bool = False,
        preferences: PreferenceBackend | None = None,
        open_vectors: Callable[[], Any] | None = None,
        changes: ChangeRecords | None = None,
    ) -> None:
        self.root = root
        self.model = model
        self.write_behind = write_behind
        self.preferences: PreferenceBackend = preferences or PreferenceStore(root)
        self.changes: ChangeRecords = changes or ChangeLog(root)
        self._open_vectors = open_vectors or (lambda: open_vector_stores(root))
        self._vector: Any = None
        self._vector_lock = asyncio.Lock()
        self._pending: dict[str, set[asyncio.Task[None]]] = {}
        self._go: dict[str, asyncio.Event] = {}
        """Per user, set when the deferred writes asked for so far may begin."""

    async def settle(self, user: str | None = None) -> None:
        """Begin the deferred writes already scheduled (of one user, or all) and wait for them."""
        users = [user] if user is not None else list(self._pending)
        for name in users:
            if (go := self._go.pop(name, None)) is not None:
                go.set()
        tasks = [t for u in users for t in self._pending.get(u, ())]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _write(self, user: str, work: Coroutine[Any, Any, None]) -> None:
        if not self.write_behind:
            await work
            return
        go = self._go.setdefault(user, asyncio.Event())
        task = asyncio.create_task(_when_begun(go, work))
        pending = self._pending.setdefault(user, set())
        pending.add(task)
        task.add_done_callback(lambda done: self._finished(user, done))

    def _finished(self, user: str, task: asyncio.Task[None]) -> None:
        pending = self._pending.get(user, set())
        pending.discard(task)
        if not pending:
            self._pending.pop(user, None)
        if not task.cancelled() and task.exception() is not None:
            log.error("a deferred memory write failed: %r", task.exception())

    async def _stores(self) -> Any:
        async with self._vector_lock:
            if self._vector is None:
                self._vector = await asyncio.to_thread(self._open_vectors)
        return self._vector

    async def close(self) -> None:
        """The pending writes done, then the L2/L3 stores closed (reopened if used again)."""
        await self.settle()
        async with self._vector_lock:
            stores, self._vector = self._vector, None
        if stores is not None:
            await asyncio.to_thread(stores.close)

    async def warm(self) -> None:
        """Open Chroma and load the embedding model now rather than on the first turn."""
        stores = await self._stores()
        await asyncio.to_thread(stores.embed, ["warm-up"])

    async def remembered(self, user: str) -> Remembered:
        """The user's L1 entries, read once, as data and as the context's text."""
        per_skill = await asyncio.to_thread(self.preferences.load_all, user)
        return Remembered(as_data(per_skill), render_entries(per_skill))

    async def list_preferences(self, user: str) -> dict[str, list[dict[str, str]]]:
        return as_data(await asyncio.to_thread(self.preferences.load_all, user))

    async def forget_preference(
        self, user: str, skill: str, key: str, message: str = "removed in the memory panel"
    ) -> bool:
        """Forget every entry with this key, recording each as a change."""

        def forget() -> bool:
            with self.changes.atomic():
                entries = [e for e in self.preferences.load(user, skill) if e.key == key]
                if not self.preferences.forget(user, skill, key):
                    return False
                for e in entries:
                    change = Change.make(skill, e.entry_type, key, e.value, None, message)
                    self.changes.append(user, change)
                return True

        return await asyncio.to_thread(forget)

    async def apply_writes(
        self, user: str, writes: list[dict[str, Any]], message: str = ""
    ) -> list[dict[str, Any]]:
        """Apply memory writes requested by tools (upsert, or delete with ``"op": "delete"``);
        each write that changed something is recorded with ``message`` and returned."""
        applied: list[dict[str, Any]] = []
        for write in writes:
            try:
                change = await asyncio.to_thread(self._apply, user, write, message)
            except (KeyError, ValueError) as exc:
                log.warning("ignored an invalid memory write: %s", exc)
                continue
            if change is not None:
                applied.append(asdict(change))
        return applied

    async def current_value(self, user: str, write: dict[str, Any]) -> str | None:
        """What the entry a write targets holds now (None: it does not exist)."""
        entry_type = str(write.get("entry_type", "PREFERENCE")).upper()
        return await asyncio.to_thread(
            self.preferences.get, user, str(write["skill"]), entry_type, str(write["key"])
        )

    def _apply(
        self, user: str, write: dict[str, Any], message: str, undoes: str | None = None
    ) -> Change | None:
        """One write and its change record, together or not at all."""
        with self.changes.atomic():
            return self._apply_now(user, write, message, undoes)

    def _apply_now(
        self, user: str, write: dict[str, Any], message: str, undoes: str | None
    ) -> Change | None:
        skill, key = str(write["skill"]), str(write["key"])
        entry_type = str(write.get("entry_type", "PREFERENCE")).upper()
        old = self.preferences.get(user, skill, entry_type, key)
        if write.get("op") == "delete":
            if old is None:
                return None
            self.preferences.forget(user, skill, key, entry_type)  # type: ignore[arg-type]
            new = None
        else:
            entry = PreferenceEntry(entry_type, key, str(write["value"]))  # type: ignore[arg-type]
            if entry.value == old and undoes is None:
                return None
            self.preferences.upsert(user, skill, entry)
            new = entry.value
        change = Change.make(skill, entry_type, key, old, new, message, undoes)
        self.changes.append(user, change)
        return change

    async def list_changes(self, user: str) -> list[dict[str, Any]]:
        return await asyncio.to_thread(self.changes.recent, user)

    async def undo_change(self, user: str, change_id: str) -> dict[str, Any]:
        """Put the entry back as it was before the change and record that as a new change
        (returned). KeyError when the id is unknown, ValueError when it was already undone."""

        def undo() -> dict[str, Any]:
            with self.changes.atomic():  # found, reverted and recorded as one
                return undo_now()

        def undo_now() -> dict[str, Any]:
            change, undone = self.changes.find(user, change_id)
            if change is None:
                raise KeyError(change_id)
            if undone:
                raise ValueError("this change was already undone")
            write = {"skill": change.skill, "entry_type": change.entry_type, "key": change.key}
            if change.old is None:
                write["op"] = "delete"
            else:
                write["value"] = change.old
            message = f"undo: {change.message}" if change.message else "undo"
            current = self.preferences.get(user, change.skill, change.entry_type, change.key)
            reverted = self._apply(user, write, message, undoes=change.id)
            if reverted is None:  # already gone: still mark the change as undone
                reverted = Change.make(
                    change.skill, change.entry_type, change.key, current, None, message, change.id
                )
                self.changes.append(user, reverted)
            return asdict(reverted)

        return await asyncio.to_thread(undo)

    @recall_span("L3")
    async def semantic_recall(self, user: str, text: str, limit: int = SEMANTIC_TOP_N) -> list[str]:
        """At most `limit` summaries of earlier results like `text` (the model profile's
        `recalled_results`)."""
        await self.settle(user)
        stores = await self._stores()
        found: list[str] = await asyncio.to_thread(stores.semantic.query, user, text, limit)
        return found

    @recall_span("L2")
    async def episode_recall(
        self, user: str, session_id: str, text: str, before_index: int
    ) -> list[str]:
        await self.settle(user)
        stores = await self._stores()
        episodes = await asyncio.to_thread(
            stores.episodes.query, user, session_id, text, EPISODE_TOP_N, before_index
        )
        return [
            f"(exchange {e.index + 1}) User: {e.user_text[:EPISODE_CHARS]} | "
            f"Assistant: {e.assistant_text[:EPISODE_CHARS]}"
            for e in episodes
        ]

    async def remember_results(self, user: str, outcomes: list[dict[str, Any]]) -> None:
        """Score each successful result of a `remember` tool 1-5; keep those scoring >= 3 (L3)."""
        await self._write(user, self._remember_results(user, outcomes))

    async def _remember_results(self, user: str, outcomes: list[dict[str, Any]]) -> None:
        keep: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for outcome in outcomes:
            if "error" in outcome or not outcome.get("skill") or not outcome.get("remember"):
                continue
            tool, result = outcome["tool"], outcome.get("result")
            summary = summarize_result(tool, outcome.get("args") or {}, result)
            score = score_result(result, is_error=False, remember=True)
            if self.model is not None and score > 1:
                score = await score_with_llm(self.model, tool, summary, fallback=score)
            if score >= STORE_THRESHOLD:
                keep.setdefault(outcome["skill"], []).append(
                    (summary, {"tool": tool, "score": score})
                )
        if keep:
            stores = await self._stores()
            for skill, items in keep.items():
                await asyncio.to_thread(stores.semantic.add_many, user, skill, items)

    async def save_episode(
        self, user: str, session_id: str, index: int, user_text: str, assistant_text: str
    ) -> None:
        await self._write(
            user, self._save_episode(user, session_id, index, user_text, assistant_text)
        )

    async def _save_episode(
        self, user: str, session_id: str, index: int, user_text: str, assistant_text: str
    ) -> None:
        stores = await self._stores()
        # The answer's opening is what recall shows (EPISODE_CHARS); embedding all of a
        # long answer cost ~250 ms of CPU per turn for no better retrieval.
        answer = assistant_text[:EPISODE_SAVE_CHARS]
        await asyncio.to_thread(stores.episodes.add, user, session_id, index, user_text, answer)

    async def forget_session(self, user: str, session_id: str) -> None:
        await self.settle(user)
        stores = await self._stores()
        await asyncio.to_thread(stores.episodes.delete_session, user, session_id)


async def _when_begun(go: asyncio.Event, work: Coroutine[Any, Any, None]) -> None:
    """`work`, once `go` is set or WRITE_GRACE_S have passed."""
    try:
        await asyncio.wait_for(go.wait(), WRITE_GRACE_S)
    except TimeoutError:
        pass
    except BaseException:
        work.close()  # cancelled before it began
        raise
    await work


class _VectorStores:
    def __init__(self, root: Path) -> None:
        from agent_graph.memory.chroma import open_client
        from agent_graph.memory.embeddings import default_embedding_function
        from agent_graph.memory.episodes import EpisodeMemory
        from agent_graph.memory.semantic import SemanticMemory

        self.root = root
        client = open_client(root)
        self.embedder = default_embedding_function()
        self.semantic = SemanticMemory(client, self.embedder)
        self.episodes = EpisodeMemory(client, self.embedder)

    def embed(self, texts: list[str]) -> Any:
        return self.embedder.embed(texts)

    def close(self) -> None:
        from agent_graph.memory.chroma import release_client

        release_client(self.root)


def open_vector_stores(root: Path) -> _VectorStores:
    """The embedded profile's L2/L3 stores: Chroma under ``root/chroma``."""
    return _VectorStores(root)
