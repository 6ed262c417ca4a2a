"""Past turns' context blocks with the local model (graph/past_blocks.py): each is replayed
before the message it was read with, and a new block says again what only a folded-away
block said (the model no longer reads it)."""

from __future__ import annotations

from pathlib import Path

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from agent_graph.graph import history
from agent_graph.graph.context_block import context_block
from agent_graph.graph.nodes.hydrate import conversation
from agent_graph.graph.past_blocks import TURN_CONTEXT, known_in
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.llm.profile import ModelProfile
from agent_graph.storage.sessions import SessionRecord, SessionStore
from tests.fakes import InMemorySkills, ScriptedChatModel

STATE = "Conversation state: 10 results"


def _exchange(n: int, said: dict[str, str]) -> list[BaseMessage]:
    """An exchange whose block said the known-ahead sections `said`."""
    block = {"shown": f"block {n}: " + " ".join(said.values()), "known": said}
    return [HumanMessage(f"question {n}", additional_kwargs={TURN_CONTEXT: block}), AIMessage("ok")]


async def _prompt_of(tmp_path: Path, exchanges: int) -> tuple[list[BaseMessage], dict[str, str]]:
    """The next prompt up to its block, and what its replayed blocks say, after `exchanges`
    exchanges of which only the first said the state."""
    services = Services(
        skills=InMemorySkills({"look": lambda p: {}}),
        model=ScriptedChatModel(respond=lambda messages: AIMessage("ok")),
        sessions=SessionStore(tmp_path),
        model_profile=ModelProfile(kind="local", history_token_budget=10_000),
    )
    messages = [
        m for n in range(exchanges) for m in _exchange(n, {"state": STATE} if n == 0 else {})
    ]
    services.sessions.save(SessionRecord(id="s1", user="alice", messages=history.dump(messages)))
    known = await conversation(services, Context(user_id="alice"), "s1")
    return known.prompt, known_in(known.recent)


async def test_each_past_block_is_replayed_before_its_message(tmp_path: Path) -> None:
    prompt, said = await _prompt_of(tmp_path, 2)
    asked = [i for i, m in enumerate(prompt) if isinstance(m, HumanMessage)]
    for n, index in enumerate(asked):
        block = prompt[index - 1]
        assert isinstance(block, SystemMessage) and block.text.startswith(f"block {n}:")
    assert said == {"state": STATE}
    assert context_block(STATE, {}, said) is None, "nothing changed: nothing to say"


async def test_what_only_a_folded_block_said_is_said_again(tmp_path: Path) -> None:
    prompt, said = await _prompt_of(tmp_path, 12)
    assert not any("block 0:" in m.text for m in prompt), "the first exchange is folded"
    assert said == {}
    block = context_block(STATE, {}, said)
    assert block is not None and block.text == STATE
