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


def _tool(name: str, properties: dict) -> dict:
    parameters = {"type": "object", "properties": properties}
    return {"type": "function", "function": {"name": name, "parameters": parameters}}


FILTERS = {
    "city": {"type": "string", "description": "City."},
    "beds": {"type": "integer", "minimum": 0},
}
KEEP = {
    "criteria": {"type": "object", "description": "The filters to keep.", "properties": FILTERS},
    "name": {"type": "string"},
}


def test_a_parameter_repeating_another_offered_tools_set_names_it() -> None:
    find, keep = lean_tools([_tool("find", FILTERS), _tool("keep", KEEP)])
    criteria = keep["function"]["parameters"]["properties"]["criteria"]
    assert criteria == {
        "type": "object",
        "description": "The filters to keep. Keys: the parameters of find.",
    }
    assert find["function"]["parameters"]["properties"] == {
        "city": {"type": "string", "description": "City."},
        "beds": {"type": "integer"},
    }
    assert keep["function"]["parameters"]["properties"]["name"] == {"type": "string"}


def test_without_the_tool_it_repeats_the_set_is_written_out() -> None:
    (keep,) = lean_tools([_tool("keep", KEEP)])
    criteria = keep["function"]["parameters"]["properties"]["criteria"]
    assert criteria["properties"]["city"] == FILTERS["city"]
    assert criteria["description"] == "The filters to keep."


ZPID = {"type": "string", "description": "The zpid of a home shown in a result."}


def test_a_parameter_an_earlier_tool_described_alike_is_described_once() -> None:
    other_zpid = {"type": "string", "description": "Another tool's zpid."}
    look, save, check = lean_tools(
        [
            _tool("look", {"zpid": ZPID}),
            _tool("save", {"zpid": ZPID}),
            _tool("check", {"zpid": other_zpid}),
        ]
    )
    assert look["function"]["parameters"]["properties"]["zpid"] == ZPID
    assert save["function"]["parameters"]["properties"]["zpid"] == {"type": "string"}
    assert check["function"]["parameters"]["properties"]["zpid"] == other_zpid, "said otherwise"


def test_a_tool_reads_the_same_whatever_follows_it() -> None:
    """Only earlier tools count: a call offered fewer tools renders its first ones alike, so a
    prefix cache keeps them."""
    first = [_tool("look", {"zpid": ZPID}), _tool("save", {"zpid": ZPID})]
    fewer = lean_tools(first)
    more = lean_tools([*first, _tool("tour", {"zpid": ZPID})])
    assert more[:2] == fewer
    assert more[2]["function"]["parameters"]["properties"]["zpid"] == {"type": "string"}


def test_a_title_repeating_the_parameters_name_goes() -> None:
    timezone = {"type": "string", "title": "Timezone", "description": "IANA name."}
    (tool,) = lean_tools([_tool("now", {"timezone": timezone, "title": {"type": "string"}})])
    assert tool["function"]["parameters"]["properties"] == {
        "timezone": {"type": "string", "description": "IANA name."},
        "title": {"type": "string"},
    }
