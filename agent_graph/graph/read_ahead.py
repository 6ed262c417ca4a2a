"""While the user reads an answer, the local model reads the conversation so far.

A turn the skills worded ends without a model call that read its results, so the next turn's
first call used to read them (1,300-1,600 tokens, 15-20 s on 2 cores) before the user's new
message. After each turn the local model now reads the next turn's prompt up to what is
recalled for its message (hydrate.conversation, then the context block's first part:
preferences and conversation state) into the slot that call will take: the follow-up then
reads only that recall and the message. A newer read of the same session replaces an
unfinished one. It begins after a grace period (2 s): a message sent at once stops it before
anything is read. A turn of another session stops it at once (it holds the model back); a
message of the same session sent after it began waits for it (hydrate shows a step), which
costs it no more than reading those tokens itself; it waits here, not in llama-server's queue
behind the read on the same slot, where nothing arrives and the call's idle timeout ran out.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from langchain_core.messages import BaseMessage, SystemMessage

from agent_graph.graph.context_block import describe_state, known_ahead
from agent_graph.graph.nodes.hydrate import conversation, preferences_section
from agent_graph.graph.past_blocks import known_in
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.graph.tool_offer import offered_tools
from agent_graph.llm.message_order import provider_safe
from agent_graph.planning.facts import tool_owners

log = logging.getLogger(__name__)

READ_TIMEOUT_S = 300.0


def read_ahead_after_turn(services: Services, ctx: Context, session_id: str) -> None:
    """Start the background read of the session's next prompt (the local model only)."""
    if services.profile.read_ahead:
        key = (ctx.user_id, session_id)
        services.background_reads.start(key, lambda: read_ahead(services, ctx, session_id))


async def read_ahead(services: Services, ctx: Context, session_id: str) -> None:
    """One call of one token with the next turn's prompt up to its message's recall, and the
    tools its first call will be offered (the session's so far); failures are only logged."""
    try:
        known = await conversation(services, ctx, session_id)
        sections = {}
        if services.memory is not None and ctx.persist:
            sections = preferences_section((await services.memory.remembered(ctx.user_id)).text)
        owners = tool_owners(services.skills)
        state = await asyncio.to_thread(describe_state, known.recent, services.planners, owners)
        ahead = known_ahead(state, sections, known_in(known.recent))
        offer = await offered_tools(services, ctx.role, known.recent, message_known=False)
        tools = offer.tools  # the session's choice so far: its next message is not known yet
        model: Any = services.model.bind_tools(tools) if tools else services.model
        prompt = [*known.prompt, SystemMessage(ahead)] if ahead else known.prompt
        messages: list[BaseMessage] = provider_safe(prompt, merge_system=False)
        await asyncio.wait_for(model.ainvoke(messages, max_tokens=1), READ_TIMEOUT_S)
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        log.warning("local model: reading the conversation ahead failed (%s)", exc)
