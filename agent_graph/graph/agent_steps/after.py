"""Steps after the model call: calls written as text, repeats, the round cap, a call that can
no longer run, and lines that echo the instructions."""

from __future__ import annotations

import asyncio

from agent_graph.events import TokenEvent
from agent_graph.graph.agent_steps.turn import ModelTurn
from agent_graph.graph.tool_guard import calls_this_turn, past_the_cap, without_repeats
from agent_graph.llm.answer_filters import (
    as_tool_calls,
    instruction_text,
    is_call_text,
    without_echo,
)
from agent_graph.planning.suggestion import planned_answer

UNRUN_CALL_ANSWER = (
    "I could not finish this with my tools. The results above are what I found; please "
    "rephrase or narrow the request."
)


async def read_text_calls(turn: ModelTurn) -> None:
    """A call written as text counts as a call when tools were offered."""
    if turn.offering:
        turn.response = as_tool_calls(turn.answer(), turn.names)


async def drop_repeats(turn: ModelTurn) -> None:
    """Calls already made this turn are dropped. Only repeats: answer from the results already
    in hand: the skills' own wording when they have one, else the model's, told to call
    nothing; the turn is then capped."""
    response = turn.answer()
    if not response.tool_calls or turn.capped:
        return
    response = without_repeats(response, calls_this_turn(turn.messages))
    if not response.tool_calls and not str(response.content).strip():
        planned = None if turn.services.profile.is_planners else await planned_words(turn)
        if planned:
            response = turn.say(planned)
        else:
            response = await turn.call(turn.words_only(), turn.messages)
        turn.capped = True
    turn.response = response


async def stop_at_cap(turn: ModelTurn) -> None:
    """Past the round cap no call runs: the answer says the turn stopped."""
    if not turn.capped:
        return
    response = turn.answer()
    answered = past_the_cap(response, turn.iterations)
    if answered.content != response.content:
        turn.emit(TokenEvent(content=str(answered.content)).as_dict())
    turn.response = answered


async def replace_unrun_call_text(turn: ModelTurn) -> None:
    """A call written as text that can no longer run (a repeat, the cap) is no answer: the
    skills' wording of the results in hand, else a plain sentence."""
    response = turn.answer()
    if response.tool_calls or not is_call_text(response.content, turn.names):
        return
    planned = await planned_words(turn)
    turn.response = response.model_copy(update={"content": planned or UNRUN_CALL_ANSWER})


async def drop_echo(turn: ModelTurn) -> None:
    """Lines restating the instructions are dropped (llm/answer_filters.py, whose stream
    filter shows what this leaves)."""
    response = turn.answer()
    if response.tool_calls or not isinstance(response.content, str):
        return
    cleaned = without_echo(response.content, instruction_text(turn.state.get("context") or {}))
    turn.response = response.model_copy(update={"content": cleaned})


async def planned_words(turn: ModelTurn) -> str | None:
    """The planners' wording of this turn's results."""
    planners = turn.services.planners
    return await asyncio.to_thread(planned_answer, planners, turn.messages, turn.facts)
