"""current_time skill: one tool, get_current_time."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from skill_runtime import ToolError, serve

SCHEMA = {
    "system_prompt": (
        "Use get_current_time whenever the user asks for the current time or date; never guess it."
    ),
    "tools": [
        {
            "type": "function",
            "function": {
                "name": "get_current_time",
                "description": "The current date and time. Optional IANA timezone (default UTC).",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "timezone": {
                            "type": "string",
                            "description": "IANA timezone such as America/Chicago",
                        }
                    },
                    "additionalProperties": False,
                },
            },
            "x-propsearch": {
                "guest": True,
                "label": "Checking the time…",
                "renders": "none",
                "summary": "{human}",
            },
        }
    ],
}


def get_current_time(params: dict[str, Any]) -> dict[str, str]:
    name = params.get("timezone") or "UTC"
    try:
        tz = ZoneInfo(str(name))
    except (ZoneInfoNotFoundError, ValueError):
        raise ToolError(
            f"unknown timezone {name!r}; use an IANA name like America/Chicago"
        ) from None
    now = datetime.now(tz)
    human = now.strftime("%-I:%M %p on %A, %-d %B %Y")
    return {
        "type": "time",
        "iso": now.isoformat(timespec="seconds"),
        "timezone": str(name),
        "human": f"{human} ({name})",
    }


if __name__ == "__main__":
    serve(SCHEMA, {"get_current_time": get_current_time})
