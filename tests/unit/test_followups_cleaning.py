"""Malformed hints and titles from a real model fall back to the deterministic ones."""

from __future__ import annotations

from langchain_core.language_models.fake_chat_models import FakeListChatModel

from agent_graph.graph.followups import GENERIC_HINTS, fallback_title, make_hints, make_title
from agent_graph.planning.planners import Planners

QUESTION = "find me a 3-bed house in Austin under $500k please"


async def _title(reply: str) -> str:
    return await make_title(FakeListChatModel(responses=[reply]), QUESTION)


async def _hints(reply: str) -> list[str]:
    return await make_hints(
        FakeListChatModel(responses=[reply]), QUESTION, "ok", [], Planners.from_folders([])
    )


async def test_a_json_list_or_a_paragraph_is_no_title() -> None:
    for reply in (
        '["Show me more", "Cheaper options", "What time is it?"]',
        "Sure! Here is a title for the chat that the user started about houses in Austin",
        "   ",
    ):
        assert await _title(reply) == fallback_title(QUESTION), reply


async def test_markup_and_labels_are_stripped_from_a_title() -> None:
    assert await _title('Title: **"Austin Home Search"**\nExplanation: ...') == "Austin Home Search"
    assert await _title("## Austin 3-bed houses") == "Austin 3-bed houses"


async def test_malformed_hints_fall_back() -> None:
    for reply in (
        '["", "Cheaper ones", "Closer to downtown"]',
        '["Same", "same", "SAME"]',
        '["ok", "fine", "' + "x" * 200 + '"]',
        '[["nested"], "b", "c"]',
        '["line\\nbreak", "b", "c"]',
    ):
        assert await _hints(reply) == GENERIC_HINTS, reply


async def test_good_hints_are_kept_trimmed() -> None:
    reply = 'Here you go: [" Cheaper ones ", "Closer to downtown", "Show 4 beds", "extra"]'
    assert await _hints(reply) == ["Cheaper ones", "Closer to downtown", "Show 4 beds"]
