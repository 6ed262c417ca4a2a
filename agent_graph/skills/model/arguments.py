"""Tool arguments checked against the tool's JSON schema before any worker is called.

The model gets an error it can act on (each wrong argument named, with what is allowed) and may
retry once; a second invalid call of the same tool in a turn is told to stop and answer.
"""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator

INVALID = "Invalid arguments for {tool}: {problems}."
RETRY = " Fix the arguments and call {tool} once more, or answer without it."
GIVE_UP = " Do not call {tool} again in this turn; tell the user what you could not do."
INVALID_PREFIX = "Invalid arguments for "
MAX_VALIDATORS = 256
"""Schemas whose validators are kept (one per tool list a call checks against)."""
_VALIDATORS: dict[int, tuple[dict[str, Any], Draft202012Validator]] = {}


def checked_arguments(tools: list[dict[str, Any]], name: str, args: Any) -> tuple[Any, list[str]]:
    """`args` with harmless scalar mismatches coerced ("3" for an integer, 29324909 for a
    string), and the readable schema violations left (none when valid or the tool is unknown)."""
    schema = _schema(tools, name)
    if schema is None:
        return args, []
    if isinstance(args, dict):
        fields = schema.get("properties") or {}
        args = {k: _coerce(fields.get(k), v) for k, v in args.items()}
    problems = []
    errors = _validator(schema).iter_errors(args)
    for error in sorted(errors, key=lambda e: [str(p) for p in e.path]):
        where = ".".join(str(p) for p in error.path)
        problems.append(f"{where}: {error.message}" if where else error.message)
    return args, problems


def _validator(schema: dict[str, Any]) -> Draft202012Validator:
    """The schema's validator, made once per schema (the registry's tool lists keep theirs)."""
    kept = _VALIDATORS.get(id(schema))
    if kept is None or kept[0] is not schema:
        if len(_VALIDATORS) >= MAX_VALIDATORS:
            _VALIDATORS.clear()
        kept = _VALIDATORS[id(schema)] = (schema, Draft202012Validator(schema))
    return kept[1]


def parameter_names(tools: list[dict[str, Any]], name: str) -> list[str] | None:
    """The argument names the tool's schema lists, None when it lists none."""
    known = (_schema(tools, name) or {}).get("properties")
    return sorted(known) if isinstance(known, dict) else None


def _schema(tools: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    found = next(
        (
            t["function"].get("parameters")
            for t in tools
            if t.get("function", {}).get("name") == name
        ),
        None,
    )
    return found if isinstance(found, dict) else None


def _coerce(spec: Any, value: Any) -> Any:
    kind = spec.get("type") if isinstance(spec, dict) else None
    if kind == "string" and isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    if kind in ("integer", "number") and isinstance(value, str):
        try:
            number = float(value.replace(",", "").strip())
        except ValueError:
            return value
        return int(number) if kind == "integer" and number.is_integer() else number
    return value


def invalid_message(name: str, problems: list[str], earlier_failures: int) -> str:
    text = INVALID.format(tool=name, problems="; ".join(problems[:5]))
    return text + (RETRY if earlier_failures == 0 else GIVE_UP).format(tool=name)
