"""The local model reads tool schemas without validation-only keywords; names stay whole."""

from __future__ import annotations

from agent_graph.llm.lean_tools import lean_tools

TOOL = {
    "type": "function",
    "function": {
        "name": "find",
        "description": "Find things.",
        "parameters": {
            "type": "object",
            "properties": {
                "beds": {"type": "integer", "description": "Rooms.", "minimum": 0, "maximum": 20},
                "minimum": {"type": "number", "description": "A parameter named like a keyword."},
                "tags": {
                    "type": "array",
                    "maxItems": 5,
                    "items": {"type": "string", "enum": ["a", "b"], "maxLength": 9},
                },
                "either": {"anyOf": [{"type": "string", "minLength": 1}, {"type": "null"}]},
            },
            "required": [],
            "additionalProperties": False,
        },
    },
}


def test_validation_keywords_go_and_everything_a_model_chooses_by_stays() -> None:
    (tool,) = lean_tools([TOOL])
    params = tool["function"]["parameters"]
    assert params == {
        "type": "object",
        "properties": {
            "beds": {"type": "integer", "description": "Rooms."},
            "minimum": {"type": "number", "description": "A parameter named like a keyword."},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
            "either": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        },
    }
    assert tool["function"]["description"] == "Find things."
    assert TOOL["function"]["parameters"]["additionalProperties"] is False, "input untouched"


def test_a_stated_requirement_is_kept() -> None:
    tool = {"function": {"name": "t", "parameters": {"type": "object", "required": ["q"]}}}
    assert lean_tools([tool])[0]["function"]["parameters"]["required"] == ["q"]
