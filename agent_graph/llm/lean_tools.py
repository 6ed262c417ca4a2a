"""Tool schemas as a small model reads them: without the keywords only validation uses, and
without a parameter or a parameter set described twice.

Bounds, lengths, `additionalProperties` and an empty `required` tell a model little it needs to
choose a call; the core still checks every call against the full schema before a worker runs
(skills/model/arguments.py), and names a broken bound in its error. Measured on the eleven tools the
bundled skills offer a search: about 200 fewer tokens per call, 7% of their schemas.

A parameter an earlier offered tool has, with the same schema and description (an item's id,
a shared rate or term), is described there only: about 150 tokens of the bundled skills' first
call.
Only earlier tools count, so a tool reads the same whatever follows it (the prompt's prefix).

A parameter whose object schema repeats another offered tool's parameters (a tool that saves
a search keeps its criteria: the search tool's 23 parameters) is named, not repeated: "Keys: the
parameters of <tool>". Written out, that copy was a quarter of the bundled skills' tool tokens
(about 1,100 of 4,500), and the model reads the original a few lines above.
"""

from __future__ import annotations

import json
from typing import Any

VALIDATION_ONLY = frozenset(
    {"minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength", "additionalProperties"}
)
NAME_ONLY = frozenset({"title"})
"""Keywords that repeat the name a schema stands under (an MCP server's "title": "Timezone")."""


def lean_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI-style tools with their parameter schemas made lean."""
    owners = _parameter_sets(tools)
    described: set[str] = set()
    out = []
    for tool in tools:
        function = dict(tool.get("function") or {})
        if isinstance(function.get("parameters"), dict):
            others = {key: name for key, name in owners.items() if name != function.get("name")}
            function["parameters"] = _described_once(
                _top(function["parameters"], others), described
            )
        out.append({**tool, "function": function})
    return out


def _described_once(parameters: dict[str, Any], described: set[str]) -> dict[str, Any]:
    """`parameters` without the description of a parameter an earlier tool described alike
    (`described`: each such parameter as a canonical text, grown here)."""
    fields = parameters.get("properties")
    if not isinstance(fields, dict):
        return parameters
    kept: dict[str, Any] = {}
    for name, spec in fields.items():
        said = _canonical({name: spec})
        if isinstance(spec, dict) and "description" in spec and said in described:
            spec = {key: value for key, value in spec.items() if key != "description"}
        described.add(said)
        kept[name] = spec
    return {**parameters, "properties": kept}


def _parameter_sets(tools: list[dict[str, Any]]) -> dict[str, str]:
    """Each tool's parameter set (as a canonical text) and the first tool that has it."""
    owners: dict[str, str] = {}
    for tool in tools:
        function = tool.get("function") or {}
        fields = (function.get("parameters") or {}).get("properties")
        if isinstance(fields, dict) and fields:
            owners.setdefault(_canonical(fields), str(function.get("name", "")))
    return owners


def _top(parameters: dict[str, Any], others: dict[str, str]) -> dict[str, Any]:
    """The tool's parameters made lean; a parameter repeating another tool's set names it."""
    schema = lean(parameters)
    fields = parameters.get("properties")
    if not isinstance(fields, dict):
        return schema
    for name, spec in fields.items():
        inner = spec.get("properties") if isinstance(spec, dict) else None
        owner = others.get(_canonical(inner)) if isinstance(inner, dict) and inner else None
        if owner is not None:
            named = {k: v for k, v in schema["properties"][name].items() if k != "properties"}
            said = str(named.get("description", "")).rstrip()
            named["description"] = f"{said} Keys: the parameters of {owner}.".lstrip()
            schema["properties"][name] = named
    return schema


def _canonical(fields: dict[str, Any]) -> str:
    return json.dumps(fields, sort_keys=True, default=str)


def lean(schema: dict[str, Any]) -> dict[str, Any]:
    """A JSON schema without validation-only keywords (parameter names are kept, whatever they
    are called)."""
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in VALIDATION_ONLY or key in NAME_ONLY or (key == "required" and value == []):
            continue
        if key in ("properties", "$defs", "definitions") and isinstance(value, dict):
            out[key] = {name: _sub(sub) for name, sub in value.items()}
        elif key in ("items", "not", "additionalItems"):
            out[key] = _sub(value)
        elif key in ("anyOf", "oneOf", "allOf", "prefixItems") and isinstance(value, list):
            out[key] = [_sub(sub) for sub in value]
        else:
            out[key] = value
    return out


def _sub(value: Any) -> Any:
    return lean(value) if isinstance(value, dict) else value
