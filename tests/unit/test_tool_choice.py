"""A model call is offered the relevant skills' tools (the real bundled embedding), the skills in
use, or every tool when nothing is relevant; always in one order, the largest skill first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from agent_graph.graph.services import Services
from agent_graph.graph.tool_choice import OFFERED, ToolChoice, tool_name
from agent_graph.graph.tool_offer import offered_tools
from agent_graph.graph.warm_prefix import warm_prefix
from agent_graph.memory.embeddings import embed
from agent_graph.skills.model.metadata import ToolMeta
from agent_graph.storage.sessions import SessionStore
from tests.fakes import ScriptedChatModel


def _tool(name: str, description: str, **params: str) -> dict[str, Any]:
    properties = {p: {"type": "string", "description": d} for p, d in params.items()}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties},
        },
    }


TOOLS = [
    _tool("weather_now", "Current weather for a city.", city="City name."),
    _tool(
        "weather_forecast",
        "Forecast for the next days: rain, temperature, wind.",
        city="City name.",
        days="How many days ahead.",
    ),
    _tool("calendar_add", "Add an event to the user's calendar.", title="Event title."),
    _tool("calendar_list", "List the user's meetings and events on a day.", day="The day."),
    _tool("translate", "Translate a text into another language.", text="Text.", to="Language."),
]
SKILLS = {
    "weather_now": "weather",
    "weather_forecast": "weather",
    "calendar_add": "calendar",
    "calendar_list": "calendar",
    "translate": "languages",
}
CALENDAR = ["calendar_add", "calendar_list"]


def _offered(messages: list[BaseMessage]) -> list[str]:
    choice = ToolChoice(SKILLS.get, embed)
    return [tool_name(t) for t in choice.offer(TOOLS, choice.choose(TOOLS, messages))]


def test_a_request_gets_its_skills_tools() -> None:
    assert _offered([HumanMessage("Will it rain in Paris tomorrow?")]) == [
        "weather_now",
        "weather_forecast",
    ]
    assert _offered([HumanMessage("What meetings do I have on Friday?")]) == CALENDAR


def test_a_skill_in_use_stays_offered_for_a_reply_that_names_nothing() -> None:
    call = {"name": "calendar_add", "args": {"title": "dentist"}, "id": "c1", "type": "tool_call"}
    messages: list[BaseMessage] = [
        HumanMessage("Add the dentist on Monday"),
        AIMessage("", tool_calls=[call]),
        ToolMessage("added", tool_call_id="c1", name="calendar_add"),
        AIMessage("Added."),
        HumanMessage("yes, and the other one too"),
    ]
    assert _offered(messages) == CALENDAR


def test_a_sessions_choice_only_grows() -> None:
    earlier = HumanMessage("Will it rain in Oslo?", additional_kwargs={OFFERED: ["weather"]})
    messages: list[BaseMessage] = [
        earlier,
        AIMessage("Light rain."),
        HumanMessage("What meetings do I have on Friday?"),
    ]
    assert _offered(messages) == ["weather_now", "weather_forecast", *CALENDAR]


def test_nothing_relevant_offers_every_tool_largest_skill_first() -> None:
    offered = _offered([HumanMessage("tell me a joke")])
    assert sorted(offered) == sorted(SKILLS)
    assert offered[:2] == ["weather_now", "weather_forecast"]  # the largest schemas lead
    assert offered[-1] == "translate"


class _Gateway:
    """TOOLS as a skill gateway; only the weather tools are open to guests."""

    tools = TOOLS
    system_prompt = "Use the tools."
    identity = "You are a test assistant."

    def skill_for(self, tool: str) -> str | None:
        return SKILLS.get(tool)

    def meta(self, tool: str) -> ToolMeta:
        return ToolMeta(tool, guest=tool.startswith("weather"))

    async def ensure_started(self) -> None:
        return None

    async def dispatch(self, tool: str, params: dict[str, Any]) -> Any:
        raise AssertionError("no call is made")


def _services(tmp_path: Path) -> Services:
    model = ScriptedChatModel(respond=lambda _messages: AIMessage("hello"))
    choice = ToolChoice(SKILLS.get, embed)
    return Services(_Gateway(), model, SessionStore(tmp_path), tool_choice=choice)


async def test_one_home_chooses_the_tools_for_a_call_a_read_ahead_and_the_warm_up(
    tmp_path: Path,
) -> None:
    services = _services(tmp_path)
    asked = [HumanMessage("What meetings do I have on Friday?")]
    offer = await offered_tools(services, "user", asked)
    assert [tool_name(t) for t in offer.tools] == CALENDAR and offer.skills == {"calendar"}
    guest = await offered_tools(services, "guest", asked)
    assert [tool_name(t) for t in guest.tools] == ["weather_now", "weather_forecast"]
    earlier = HumanMessage("Will it rain in Oslo?", additional_kwargs={OFFERED: ["weather"]})
    ahead = await offered_tools(services, "user", [earlier], message_known=False)
    assert [tool_name(t) for t in ahead.tools] == ["weather_now", "weather_forecast"]
    start = await offered_tools(services, "user", message_known=False)
    assert [tool_name(t) for t in start.tools] == _offered([HumanMessage("tell me a joke")])
    await warm_prefix(services, "user")  # the start-up read binds what the one home offers
    model = services.model
    assert isinstance(model, ScriptedChatModel)
    assert [tools for _messages, tools in model.reads] == [[tool_name(t) for t in start.tools]]


class _CountedEmbed:
    """The bundled embedding, counting the messages (single texts) it is asked to embed."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def __call__(self, texts: list[str]) -> Any:
        if len(texts) == 1:
            self.messages.append(texts[0])
        return embed(texts)


async def test_a_turns_later_model_call_reads_the_hearers_its_first_call_chose(
    tmp_path: Path,
) -> None:
    counted = _CountedEmbed()
    choice = ToolChoice(SKILLS.get, counted)
    services = Services(
        _Gateway(), ScriptedChatModel(respond=lambda _m: AIMessage("hi")), SessionStore(tmp_path)
    )
    services.relevance = choice
    asked: list[BaseMessage] = [HumanMessage("What meetings do I have on Friday?")]
    assert choice.kept_heard(TOOLS, asked) is None  # nothing kept: the first call computes
    first = await offered_tools(services, "user", asked)
    scored = len(counted.messages)
    assert first.heard == {"calendar"} and scored > 0
    call = {"name": "weather_now", "args": {"city": "Oslo"}, "id": "c1", "type": "tool_call"}
    after_tools = [
        *asked,
        AIMessage("", tool_calls=[call]),
        ToolMessage("sunny", tool_call_id="c1"),
    ]
    second = await offered_tools(services, "user", after_tools)
    assert second.heard == {"calendar", "weather"}  # the message's hearers kept, the session's new
    assert len(counted.messages) == scored  # and the message not scored again
    assert choice.kept_heard(TOOLS, after_tools) == choice.heard(TOOLS, after_tools)
    other = [*after_tools, AIMessage("Sunny."), HumanMessage("Translate hello into French")]
    assert choice.kept_heard(TOOLS, other) is None
    assert "languages" in (await offered_tools(services, "user", other)).heard
    assert "Translate hello into French" in counted.messages


def test_a_message_without_a_word_is_heard_by_no_skill() -> None:
    counted = _CountedEmbed()
    choice = ToolChoice(SKILLS.get, counted)
    for said in ["", "   ", "🏠🏠🏠❓", "?!"]:
        assert choice.heard(TOOLS, [HumanMessage(said)]) == set(), said
    assert choice.heard(TOOLS, [HumanMessage("What meetings do I have on Friday?")])
