"""The local model reads the stable prefix (instructions and tool schemas, about 3,500 tokens,
40 s on 2 cores) once at start-up, so the first turn starts from llama-server's cache. The
cache is then kept on disk (the model's `keep_prefix`), and the next start with the same
prompt, tools and model restores it in a second instead of reading it again."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol, runtime_checkable

from langchain_core.messages import HumanMessage

from agent_graph.graph.nodes.hydrate import stable_prompt
from agent_graph.graph.services import Services
from agent_graph.graph.tool_offer import offered_tools

log = logging.getLogger(__name__)

WARM_TIMEOUT_S = 300.0


@runtime_checkable
class KeepsPrefix(Protocol):
    """A model that keeps the prefix it has read for its next start (llm/watch.py)."""

    async def restore_prefix(self, tools: list[dict[str, Any]], request: Any) -> bool: ...
    async def keep_prefix(self, tools: list[dict[str, Any]], request: Any) -> None: ...


async def warm_prefix(services: Services, role: str) -> None:
    """One call of one token with the prompt's stable start and `role`'s tools (the role most
    callers have: with no tokens configured, every caller); failures are only logged."""
    tools = (await offered_tools(services, role, message_known=False)).tools  # every one, in order
    model: Any = services.model.bind_tools(tools) if tools else services.model
    messages = [stable_prompt(services), HumanMessage("Hello")]
    request = {"messages": [[m.type, m.content] for m in messages], "tools": tools}
    keeps = services.model if isinstance(services.model, KeepsPrefix) else None
    try:
        if keeps is not None and await keeps.restore_prefix(tools, request):
            log.info("local model: prompt prefix restored as an earlier start kept it")
            return
        await asyncio.wait_for(model.ainvoke(messages, max_tokens=1), WARM_TIMEOUT_S)
        log.info("local model: prompt prefix read and cached")
        if keeps is not None:  # a model that keeps its read prefix for the next start
            await keeps.keep_prefix(tools, request)
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        log.warning("local model: warming the prompt prefix failed (%s)", exc)
