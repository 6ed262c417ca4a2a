"""Follow-up hints and session titles: ask the LLM when one is configured, else deterministic."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage

from agent_graph.memory.write_policy import is_write
from agent_graph.planning.planners import Planners
from agent_graph.storage.handoffs import is_handoff

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
MAX_TITLE_WORDS = 10
MAX_HINT_CHARS = 80


def fallback_hints(results: list[dict[str, Any]], planners: Planners) -> list[str]:
    """The first planner's hints for the turn's structured results, else generic ones."""
    return planners.hints(results) or list(GENERIC_HINTS)


KIND_FIELDS = ("type", "entry_type", "op", "kind")
"""What a write or a handoff is (no key, value or text): enough for hints to follow it."""


def hint_results(
    results: list[dict[str, Any]], outcomes: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The turn's cards, then the kind of each write or handoff its tools made (they show no
    card), so a save or a request gets hints of its own, not the starters."""
    done = []
    for outcome in outcomes:
        result = outcome.get("result")
        if isinstance(result, dict) and (is_write(result) or is_handoff(result)):
            kind = {k: result[k] for k in KIND_FIELDS if k in result}
            done.append({"skill": outcome.get("skill"), **kind})
    return [*results, *done]


def clean_hints(hints: Any) -> list[str] | None:
    """Three distinct one-line hints of 1..MAX_HINT_CHARS characters, or None (use the rules)."""
    if not isinstance(hints, list):
        return None
    kept: list[str] = []
    for hint in hints:
        text = hint.strip() if isinstance(hint, str) else ""
        if not text or len(text) > MAX_HINT_CHARS or "\n" in text or text[0] in "[{<":
            return None
        if text.lower() not in (k.lower() for k in kept):
            kept.append(text)
    return kept[:3] if len(kept) >= 3 else None


def clean_title(reply: str) -> str | None:
    """A short plain title from the model's reply (markup, quotes, "Title:" removed), or None
    when it is not one (JSON, a list, a long sentence)."""
    lines = [line.strip() for line in reply.strip().splitlines() if line.strip()]
    if not lines:
        return None
    title = re.sub(r"^(#+\s*|title\s*:\s*)", "", lines[0], flags=re.IGNORECASE)
    title = title.replace("**", "").replace("`", "").strip().strip("\"'*_ ").strip()
    if not title or title[0] in "[{<" or len(title.split()) > MAX_TITLE_WORDS:
        return None
    return title[:60]


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
            hints = clean_hints(json.loads(match.group(0)) if match else [])
            if hints:
                return hints
        except Exception as exc:
            log.info("hint generation fell back to rules: %s", type(exc).__name__)
    return await planned_hints(results, planners)


async def planned_hints(results: list[dict[str, Any]], planners: Planners) -> list[str]:
    """`fallback_hints`, read on the event loop when every planner's answer for these results
    is kept (the same cards as a turn before), else in a thread, where the planners are asked."""
    kept = planners.kept_hints_for(results)
    if kept is not None:
        return kept or list(GENERIC_HINTS)
    return await asyncio.to_thread(fallback_hints, results, planners)


async def make_title(model: BaseChatModel | None, question: str) -> str:
    if model is not None:
        try:
            reply = await model.ainvoke(
                [HumanMessage(TITLE_PROMPT.format(question=question[:500]))]
            )
            title = clean_title(str(reply.content))
            if title:
                return title
        except Exception as exc:
            log.info("title generation fell back to rules: %s", type(exc).__name__)
    return fallback_title(question)
