"""Which past exchanges a prompt replays word for word, and a summary of the ones before.

A server's prefix cache (the local llama-server's) keeps a conversation only while every
prompt starts with the last one. A window of the last N exchanges breaks that on every turn
once it is full (the oldest exchange drops out, and everything after it is read again), and so
does compacting a prompt that outgrew the model's context (its summary changes each turn).
Here the start of the replayed part moves seldom and in steps: only when the part kept outgrows
its token budget or its exchange count, and then far enough to halve it; the exchanges before
the start are folded into one summary that changes only when the start moves. The start is a
pure function of the stored history, so the background read after a turn (read_ahead.py) and
the next turn build the same prompt.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import BaseMessage, SystemMessage

from agent_graph.memory.compaction import SUMMARY_KIND, SUMMARY_PREFIX, estimate_tokens
from agent_graph.memory.compaction import fallback_summary as digest
from agent_graph.security.sanitizer import wrap_recalled


def fold_point(sizes: Sequence[int], budget: int, most: int) -> int:
    """The index of the first exchange replayed, given each exchange's size in tokens: the
    history is replayed as it grew, and whenever the kept part passed `budget` tokens or
    `most` exchanges, its start moved on to keep at most half of each (at least the newest)."""
    start = 0
    for end in range(1, len(sizes) + 1):
        if end - start <= most and sum(sizes[start:end]) <= budget:
            continue
        floor, start = start + 1, end - 1
        while (
            start > floor
            and end - (start - 1) <= max(1, most // 2)
            and sum(sizes[start - 1 : end]) <= budget // 2
        ):
            start -= 1
    return start


def folded(
    groups: list[list[BaseMessage]], shown: list[list[BaseMessage]], budget: int, most: int
) -> tuple[int, SystemMessage | None]:
    """Where the replayed exchanges start (an index into `groups`) and the summary of those
    before it (None when nothing is folded); `shown` is each exchange as the prompt shows it."""
    start = fold_point([estimate_tokens(g) for g in shown], budget, most)
    if start == 0:
        return 0, None
    earlier = [m for group in groups[:start] for m in group]
    return start, SystemMessage(SUMMARY_PREFIX + wrap_recalled(SUMMARY_KIND, digest(earlier)))
