"""Follow-up hints and session titles: ask the LLM when one is configured, else deterministic."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage

from agent_graph.skills.planners import Planners

log = logging.getLogger(__name__)

GENERIC_HINTS = ["What can you do?", "Tell me more about that", "Summarise our conversation"]
"""When no skill's planner offers hints: nothing about any skill."""
HINTS_PROMPT = (
    "The user asked: {question}\nYou answered: {answer}\n"
    "Suggest exactly 3 short follow-up requests the user might type next (max 8 words each). "
    "Answer with a JSON list of 3 strings only."
)
TITLE_PROMPT = "Give a 2-5 word title for a chat that starts with: {question}\nTitle only."
TITLE_WORDS = 6


def fallback_hints(results: list[dict[str, Any]], planners: Planners) -> list[str]:
    """The first planner's hints for the turn's structured results, else generic ones."""
    return planners.hints(results) or list(GENERIC_HINTS)


def fallback_title(question: str) -> str:
    words = re.sub(r"\s+", " ", question).strip().split(" ")
    title = " ".join(words[:TITLE_WORDS])
    return (title[:1].upper() + title[1:]) + ("…" if len(words) > TITLE_WORDS else "")


async def make_hints(
    model: BaseChatModel | None,
    question: str,
    answer: str,
    results: list[dict[str, Any]],
    planners: Planners,
) -> list[str]:
    if model is not None:
        try:
            reply = await model.ainvoke(
                [HumanMessage(HINTS_PROMPT.format(question=question, answer=answer[:1500]))]
            )
            match = re.search(r"\[.*\]", str(reply.content), re.DOTALL)
            hints = json.loads(match.group(0)) if match else []
            if (
                isinstance(hints, list)
                and len(hints) >= 3
                and all(isinstance(h, str) for h in hints)
            ):
                return [h.strip() for h in hints[:3]]
        except Exception as exc:
            log.info("hint generation fell back to rules: %s", type(exc).__name__)
    return fallback_hints(results, planners)


async def make_title(model: BaseChatModel | None, question: str) -> str:
    if model is not None:
        try:
            reply = await model.ainvoke(
                [HumanMessage(TITLE_PROMPT.format(question=question[:500]))]
            )
            title = str(reply.content).strip().strip('"').splitlines()[0][:60]
            if title:
                return title
        except Exception as exc:
            log.info("title generation fell back to rules: %s", type(exc).__name__)
    return fallback_title(question)
