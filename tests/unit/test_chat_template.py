"""The local model's chat template (rendered here by Jinja2, as llama-server's minja renders it):
each offered tool is written once, as its function (name, description, parameters), without the
OpenAI envelope `{"type":"function","function":...}` the request carries: about 7 tokens a tool
(97 on the 14 tools a search is offered), read by every cold first call."""

from __future__ import annotations

import json
from typing import Any

import jinja2

from agent_graph.llm.local.assets import CHAT_TEMPLATE

FUNCTION = {
    "name": "find",
    "description": "Find things.",
    "parameters": {"type": "object", "properties": {"beds": {"type": "integer"}}},
}
TOOLS = [{"type": "function", "function": FUNCTION}, {"type": "function", "function": FUNCTION}]


def _tojson(value: Any, separators: list[str] | None = None) -> str:
    items, key = separators or (", ", ": ")
    return json.dumps(value, separators=(items, key), ensure_ascii=False)


def render(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> str:
    env = jinja2.Environment(autoescape=False)
    env.filters["tojson"] = _tojson
    template = env.from_string(CHAT_TEMPLATE.read_text())
    return template.render(messages=messages, tools=tools, add_generation_prompt=True)


def _tools_section(prompt: str) -> list[str]:
    start = prompt.index("<tools>\n") + len("<tools>\n")
    return prompt[start : prompt.index("\n</tools>")].split("\n")


def test_each_tool_is_written_as_its_function_alone() -> None:
    prompt = render([{"role": "system", "content": "Be brief."}], TOOLS)
    compact = json.dumps(FUNCTION, separators=(",", ":"))
    assert _tools_section(prompt) == [compact, compact]
    assert '"type":"function"' not in prompt


def test_the_envelope_is_all_that_is_left_out() -> None:
    bare = render([{"role": "system", "content": "Be brief."}], [FUNCTION, FUNCTION])
    enveloped = render([{"role": "system", "content": "Be brief."}], TOOLS)
    assert enveloped == bare
    assert "Be brief.\n\n# Tools" in enveloped
