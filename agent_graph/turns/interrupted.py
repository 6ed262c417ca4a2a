"""Keeping a turn the client abandoned mid-way: its user message, finished tool calls, closed
dangling calls and a note, so the next turn starts from a complete, valid history."""

from __future__ import annotations

from dataclasses import dataclass, field

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, RemoveMessage

from agent_graph.graph import history
from agent_graph.graph.nodes.post_process import POST_PROCESSED
from agent_graph.graph.services import SessionStorage
from agent_graph.storage.sessions import SessionRecord

INTERRUPTED_NOTE = "(interrupted: the connection closed before this answer was complete)"


@dataclass
class TurnProgress:
    """What one turn produced so far, collected from the graph's `updates` stream."""

    user_text: str
    started_at: float
    messages: list[BaseMessage] = field(default_factory=list)
    saved: bool = False
    """True once the agent's step that answered stored the complete exchange (post_process)."""

    def observe(self, update: dict[str, object]) -> None:
        for node in ("agent", "tools", "confirm_writes"):
            part = update.get(node)
            if isinstance(part, dict):
                messages = [m for m in part.get("messages", []) if isinstance(m, BaseMessage)]
                for message in _made_this_turn(messages):
                    self._keep(message)
                self.saved = self.saved or POST_PROCESSED in part

    def _keep(self, message: BaseMessage) -> None:
        """Append, or replace the message of the same id (a declined write's result)."""
        for index, kept in enumerate(self.messages):
            if message.id is not None and kept.id == message.id:
                self.messages[index] = message
                return
        self.messages.append(message)


def _made_this_turn(messages: list[BaseMessage]) -> list[BaseMessage]:
    """A step's messages that the turn made: the agent's first step of a turn also writes the
    prompt hydrate built (it clears the last one first), which ends at the user's message."""
    if not any(isinstance(m, RemoveMessage) for m in messages):
        return messages
    users = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
    return messages[users[-1] + 1 :] if users else []


def save_interrupted(store: SessionStorage, user: str, session_id: str, turn: TurnProgress) -> None:
    """Append the interrupted exchange (synchronous on purpose: it runs while being cancelled)."""
    record = store.load(user, session_id) or SessionRecord(id=session_id, user=user)
    last = record.turns[-1] if record.turns else None
    if last and last.get("user") == turn.user_text and record.updated_at >= turn.started_at:
        return  # the post-processing finished writing just before the cancellation reached us
    exchange = history.close_dangling_tool_calls([HumanMessage(turn.user_text), *turn.messages])
    exchange.append(AIMessage(INTERRUPTED_NOTE))
    record.messages.extend(history.dump(exchange))
    record.turns.append(
        {"user": turn.user_text, "assistant": INTERRUPTED_NOTE, "data": None, "hints": []}
    )
    if not record.title:
        record.title = turn.user_text[:60]
    store.save(record)
