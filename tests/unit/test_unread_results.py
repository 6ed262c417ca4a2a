"""Results no call read (the skills worded the answer after them) reach the local model as a
short note in later turns: a follow-up sent at once does not read a whole listing table before
its message. The note is a pure function of the stored history (append-only), the planners
still describe the results from their data, and other models read the results as they were."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from agent_graph.graph import history
from agent_graph.graph.nodes.hydrate import conversation
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.llm.profile import LOCAL_MODEL, profile_of
from agent_graph.planning.reading import payload_of
from agent_graph.security.sanitizer import wrap_external
from agent_graph.storage.sessions import SessionRecord, SessionStore
from tests.fakes import InMemorySkills, ScriptedChatModel

PAYLOAD = json.dumps(
    {"type": "listings", "items": [{"zpid": n, "price": n * 1000} for n in range(10)]}
)
TABLE = wrap_external("look", PAYLOAD)
"""A result as the model reads it: labelled as data."""


class LocalScripted(ScriptedChatModel):
    model: str = LOCAL_MODEL


def _call(call_id: str) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": "look", "args": {}, "id": call_id}])


def _worded_search(n: int) -> list[BaseMessage]:
    """An exchange whose result the skills worded: no call read it."""
    return [
        HumanMessage(f"look {n}"),
        _call(f"c{n}"),
        ToolMessage(TABLE, tool_call_id=f"c{n}", name="look"),
        history.skills_worded(f"I found 10 homes ({n})."),
    ]


def _read_then_answered() -> list[BaseMessage]:
    """An exchange whose result the model read and answered itself."""
    return [
        HumanMessage("look again"),
        _call("r1"),
        ToolMessage(TABLE, tool_call_id="r1", name="look"),
        AIMessage("Here they are."),
    ]


def test_a_worded_result_reads_as_a_note_and_keeps_its_data() -> None:
    read = history.as_read(_worded_search(1), short_unread=True)
    results = [m for m in read if isinstance(m, ToolMessage)]
    assert [m.content for m in results] == [history.UNREAD_RESULT]
    assert payload_of(results[0]) == json.loads(PAYLOAD), "the planners still see the results"
    assert not [m for m in read if m.additional_kwargs.get(history.SKILLS_WORDED)]


def test_a_result_a_call_read_stays_whole() -> None:
    messages = [*_worded_search(1), *_read_then_answered()]
    read = history.as_read(messages, short_unread=True)
    contents = [m.content for m in read if isinstance(m, ToolMessage)]
    assert contents == [history.UNREAD_RESULT, TABLE]


def test_other_models_read_worded_results_whole() -> None:
    read = history.as_read(_worded_search(1))
    assert [m.content for m in read if isinstance(m, ToolMessage)] == [TABLE]


def _services(tmp_path: Path, short: bool) -> Services:
    model = LocalScripted(respond=lambda messages: AIMessage("ok"))
    profile = replace(profile_of(model), short_unread_results=short)
    return Services(
        skills=InMemorySkills({"look": lambda p: {}}),
        model=model,
        sessions=SessionStore(tmp_path),
        model_profile=profile,
    )


async def _prompt(services: Services, messages: list[BaseMessage]) -> list[BaseMessage]:
    record = SessionRecord(id="s1", user="alice", messages=history.dump(messages))
    services.sessions.save(record)
    return (await conversation(services, Context(user_id="alice"), "s1")).prompt


async def test_the_next_prompt_only_grows_and_reads_no_table_it_did_not_read(
    tmp_path: Path,
) -> None:
    services = _services(tmp_path, short=True)
    first = await _prompt(services, _worded_search(1))
    second = await _prompt(services, [*_worded_search(1), *_worded_search(2)])
    assert second[: len(first)] == first, "the prompt grows append-only"
    assert TABLE not in " ".join(m.text for m in second)
    whole = await _prompt(_services(tmp_path, short=False), _worded_search(1))
    added = sum(len(m.text) for m in second[len(first) :])
    assert added < len(TABLE) < sum(len(m.text) for m in whole)
