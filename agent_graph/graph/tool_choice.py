"""Which skills' tools a model call is offered: those relevant to the user's message, by the
embedding the project ships (all-MiniLM-L6-v2), and those in use in the conversation.

A skill's score is the best cosine similarity between the message and one of its documents:
each tool's name and description, and each parameter's name and description (a message that
names a filter matches the parameter's words where the tool's one-line description does not,
0.15 against 0.49 on one request measured). Skills at
RELEVANT or above are offered, with every skill whose tools were called in the history or this
turn (a "yes" or "the second one" scores nothing), and every skill offered earlier in the
session: a session's choice only grows, so the tools, which come before the history in the
prompt, change seldom and a prefix cache keeps the conversation (each change makes the model
read the whole history again). When no skill qualifies, every tool is offered: unsure means
all, as before there was a choice (and that is not remembered as the session's choice).

Tools come in one order whatever the choice, the skills with the largest schemas first: a
choice that keeps the largest skill shares the longest start with the full list, which a
prefix cache (the local model's) already holds from its warm-up.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from agent_graph.planning.two_skills import parts
from agent_graph.understanding.matcher import Ranked

RELEVANT = 0.3
"""Measured on the bundled embedding over 27 requests of our own (docs/llm-eval.md): a skill's
own requests score 0.33-0.68 against it; small talk and general questions 0.0-0.26 against
every skill (all tools then). Neighbouring skills score alike on a request that touches both
(a price and a payment): both are offered."""

HEARD_FLOOR = 0.2
"""A message no skill reaches RELEVANT for is still heard by the planner of the skill closest to
it when that one scores at least this (measured on the bundled skills: a request naming only
a street address scored 0.27 against its skill; "hi" and "What can you do?" under 0.2 against
every skill)."""

INTENT_HEARD = 0.5
"""A skill also hears a message one of its declared intents (intents.yaml) is this near, whatever
its tools' words score: on the bundled skills greetings and thanks scored 0.70-0.90 against the
skill's own `greeting`/`thanks` intents (0.0-0.26 against every tool), while requests for
nothing the skills do ("tell me a joke", "write me a poem", "what's 2+2") stayed under 0.4
against every intent. The bundled planners trust an intent from the same figure."""

INTENT_FLOOR = 0.4
"""A message no skill's tools reach RELEVANT for is also heard by the skill of its nearest intent
when that is this near, beside the closest skill (a preference said with a town's name was
nearer another skill's tools, 0.28, than its own skill's, 0.23, and 0.46 near its intent): vague wishes
("show me what's out there") score under 0.2 against every tool, while requests for nothing
the skills do stayed under 0.4 against every intent (above)."""

KEPT_MESSAGES = 256
"""How many messages' hearers `kept_heard` keeps (a message's are asked again by each model
call of its turn, and by nothing after)."""

Embed = Callable[[list[str]], Any]
RankIntents = Callable[[str], Sequence[Ranked]]
NamedSkills = Callable[[str], set[str]]
Spell = Callable[[str], str]


OFFERED = "offered_skills"
"""Key, in a stored user message's additional_kwargs, of the skills its turn was offered."""


def offered_before(messages: Sequence[BaseMessage]) -> set[str]:
    return {
        str(skill)
        for m in messages
        if isinstance(m, HumanMessage)
        for skill in m.additional_kwargs.get(OFFERED) or []
    }


def tool_name(tool: dict[str, Any]) -> str:
    return str(tool.get("function", {}).get("name", ""))


def documents(tool: dict[str, Any]) -> list[str]:
    """What a message is compared with: the tool's name and description, then each parameter's."""
    function = tool.get("function", {})
    docs = [f"{tool_name(tool).replace('_', ' ')}: {function.get('description', '')}"]
    params = (function.get("parameters") or {}).get("properties") or {}
    for name, spec in params.items():
        if isinstance(spec, dict) and spec.get("description"):
            docs.append(f"{name.replace('_', ' ')}: {spec['description']}")
    return docs


class ToolChoice:
    """Chooses, per model call, the skills whose tools it is offered."""

    def __init__(
        self,
        skill_of: Callable[[str], str | None],
        embed: Embed,
        intents: RankIntents | None = None,
        names: NamedSkills | None = None,
        spell: Spell | None = None,
        shaped: NamedSkills | None = None,
    ) -> None:
        self.skill_of = skill_of
        self.embed = embed
        self.intents = intents
        """Ranks the skills' declared intents for a message (understanding/matcher.py)."""
        self.names = names
        """The skills whose declared names a message says (understanding/matcher.py)."""
        self.spell = spell
        """A message with the skills' declared words spelt right (understanding/matcher.py):
        a skill hears a slip of its own words as it would hear them spelt."""
        self.shaped = shaped
        """The skills one of whose declared shapes a message holds (understanding/matcher.py):
        they hear it whatever else does, as exact reading is theirs."""
        self._index: dict[tuple[str, ...], tuple[Any, list[str]]] = {}
        self._heard: OrderedDict[tuple[tuple[str, ...], str], frozenset[str]] = OrderedDict()
        """The last KEPT_MESSAGES messages' own hearers, by tools and text (`kept_heard`)."""
        self._lock = threading.Lock()

    def choose(self, tools: list[dict[str, Any]], messages: Sequence[BaseMessage]) -> set[str]:
        """The skills to offer (empty: all of them). Blocking: to_thread it."""
        said = next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)
        if said is None or not tools:
            return set()
        return self.relevant(tools, said.text) | self.so_far(messages)

    def so_far(self, messages: Sequence[BaseMessage]) -> set[str]:
        """The skills every later call of the session is offered, whatever its message."""
        return self.in_use(messages) | offered_before(messages)

    def heard(self, tools: list[dict[str, Any]], messages: Sequence[BaseMessage]) -> set[str]:
        """The skills whose planners may read the latest message, whatever the model is offered:
        the relevant ones, those one of whose intents the message is near (`intended`), the same
        for each part of a message that may make two wishes (planning/two_skills.py), and those
        of the session so far; when none is relevant, the closest one at HEARD_FLOOR or above
        and the skill of the nearest intent at INTENT_FLOOR; a message is scored as written and
        with the skills' declared words spelt right (`spell`), each skill by its better score.
        Unsure is none here (never all): a message no skill declares or offers a tool for
        reaches no planner. Blocking: to_thread it."""
        said = next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)
        if said is None or not tools:
            return set()
        key = (tuple(tool_name(t) for t in tools), said.text)
        hearers = self._message_heard(tools, said.text)
        with self._lock:
            self._heard[key] = hearers
            while len(self._heard) > KEPT_MESSAGES:
                self._heard.popitem(last=False)
        return set(hearers) | self.so_far(messages)

    def kept_heard(
        self, tools: list[dict[str, Any]], messages: Sequence[BaseMessage]
    ) -> set[str] | None:
        """`heard`, without blocking, when the latest message's own hearers are kept (a turn's
        later model calls read the message its first call scored); None when they must be
        computed."""
        said = next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)
        if said is None or not tools:
            return set()
        with self._lock:
            hearers = self._heard.get((tuple(tool_name(t) for t in tools), said.text))
        return None if hearers is None else set(hearers) | self.so_far(messages)

    def _message_heard(self, tools: list[dict[str, Any]], text: str) -> frozenset[str]:
        """The skills `text` itself is heard by (the session's own come on top: `heard`); a
        message without a letter or a digit (empty, emoji only) by none."""
        if not any(character.isalnum() for character in text):
            return frozenset()
        scores = self.scores(tools, text)
        if self.spell is not None and (read := self.spell(text)) != text:
            for skill, score in self.scores(tools, read).items():
                scores[skill] = max(score, scores.get(skill, score))
        relevant = {skill for skill, score in scores.items() if score >= RELEVANT}
        if not relevant and scores:
            best = max(scores, key=lambda skill: scores[skill])
            closest = {best} if scores[best] >= HEARD_FLOOR else set()
            relevant = closest | self.nearest(tools, text)
            relevant = relevant or self.named(tools, text)
        for part in parts(text):
            relevant |= self.relevant(tools, part) | self.intended(tools, part)
        return frozenset(relevant | self.holding(tools, text))

    def intended(self, tools: list[dict[str, Any]], text: str) -> set[str]:
        """The skills of `tools` that declare an intent `text` is INTENT_HEARD near."""
        if self.intents is None:
            return set()
        skills = {self.skill_of(tool_name(t)) for t in tools}
        near = (r.skill for r in self.intents(text) if r.score >= INTENT_HEARD)
        return {skill for skill in near if skill in skills}

    def nearest(self, tools: list[dict[str, Any]], text: str) -> set[str]:
        """The skill of the intent `text` is nearest to, when at INTENT_FLOOR or above."""
        if self.intents is None:
            return set()
        skills = {self.skill_of(tool_name(t)) for t in tools}
        ranked = [r for r in self.intents(text) if r.skill in skills]
        best = max(ranked, key=lambda r: r.score, default=None)
        return {best.skill} if best is not None and best.score >= INTENT_FLOOR else set()

    def named(self, tools: list[dict[str, Any]], text: str) -> set[str]:
        """The skills of `tools` one of whose declared names `text` says: the last way a
        message is heard, asked only when nothing else hears it (a short message near no tool
        and no intent that names something only one skill's data knows: intents.yaml
        `names:`), so a name never takes a message from the skill it is about (the time in a
        town another skill lists stays the clock's)."""
        if self.names is None:
            return set()
        skills = {self.skill_of(tool_name(t)) for t in tools}
        return {skill for skill in self.names(text) if skill in skills}

    def holding(self, tools: list[dict[str, Any]], text: str) -> set[str]:
        """The skills of `tools` one of whose declared shapes `text` holds (intents.yaml
        `shapes:`): what is read exactly is heard exactly, not by nearness."""
        if self.shaped is None:
            return set()
        skills = {self.skill_of(tool_name(t)) for t in tools}
        return {skill for skill in self.shaped(text) if skill in skills}

    def offer(self, tools: list[dict[str, Any]], skills: set[str]) -> list[dict[str, Any]]:
        """`tools` in the canonical order, only `skills`' ones when there are any."""
        ordered = self.ordered(tools)
        return [t for t in ordered if not skills or self.skill_of(tool_name(t)) in skills]

    def relevant(self, tools: list[dict[str, Any]], text: str) -> set[str]:
        return {skill for skill, score in self.scores(tools, text).items() if score >= RELEVANT}

    def scores(self, tools: list[dict[str, Any]], text: str) -> dict[str, float]:
        """Each skill's best similarity between `text` and one of its documents."""
        vectors, owners = self._documents(tools)
        best: dict[str, float] = {}
        for owner, score in zip(owners, (vectors @ self._embed_one(text)).tolist(), strict=True):
            best[owner] = max(best.get(owner, -1.0), float(score))
        return best

    def in_use(self, messages: Sequence[BaseMessage]) -> set[str]:
        called = {
            str(call["name"]) for m in messages if isinstance(m, AIMessage) for call in m.tool_calls
        }
        return {skill for name in called if (skill := self.skill_of(name))}

    def ordered(self, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Every tool, the skills with the largest schemas first (each skill's in its order)."""
        size: dict[str | None, int] = {}
        for tool in tools:
            skill = self.skill_of(tool_name(tool))
            size[skill] = size.get(skill, 0) + len(str(tool.get("function", "")))
        rank = {skill: i for i, skill in enumerate(sorted(size, key=lambda s: (-size[s], s or "")))}
        return sorted(tools, key=lambda t: rank[self.skill_of(tool_name(t))])

    def _documents(self, tools: list[dict[str, Any]]) -> tuple[Any, list[str]]:
        key = tuple(tool_name(t) for t in tools)
        with self._lock:
            if key not in self._index:
                docs = [(d, str(self.skill_of(tool_name(t)))) for t in tools for d in documents(t)]
                vectors = np.asarray(self.embed([d for d, _ in docs]), dtype=np.float32)
                self._index[key] = (vectors, [owner for _, owner in docs])
            return self._index[key]

    def _embed_one(self, text: str) -> Any:
        """The message's vector (the embedding function keeps recent texts': several readers of
        a turn's message compute it once, memory/embeddings.py)."""
        return np.asarray(self.embed([text])[0], dtype=np.float32)
