"""The platform's second ranking of intents (understanding/learned.py): a softmax classifier over
the MiniLM vectors of the skills' examples, trained when they are embedded, handed to each planner
beside the nearest examples' ranking."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest
from langchain_core.messages import HumanMessage

from agent_graph.memory.embeddings import embed
from agent_graph.planning.planners import Planners
from agent_graph.understanding.intents import Intent, load_intents
from agent_graph.understanding.learned import LinearRanking
from agent_graph.understanding.matcher import IntentMatcher, _matrix
from tests.unit.test_intents import greeter_and_finder
from tests.unit.test_planners import Bound

ERRANDS = """
intents:
  order_food:
    tool: food_order
    examples: [order me a pizza, get some sushi delivered, I want takeout tonight,
               can you order dinner for us, food delivery please]
  call_taxi:
    tool: taxi_book
    examples: [book me a taxi, I need a ride to the station, call a cab for 6pm,
               get me a car to the airport, order an uber home]
  greet:
    answer: words
    examples: [hello, hi there, good morning, hey how are you, hello again]
"""


@pytest.fixture
def errands(tmp_path: Path) -> list[Intent]:
    (tmp_path / "intents.yaml").write_text(ERRANDS)
    return load_intents("errands", tmp_path)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("could somebody drive me over to the train depot", "call_taxi"),
        ("we're starving, have a curry brought round", "order_food"),
        ("hiya, nice to see you", "greet"),
    ],
)
def test_the_classifier_ranks_a_paraphrase_no_example_uses_first(
    errands: list[Intent], text: str, intent: str
) -> None:
    ranked = IntentMatcher(errands).learned(text)
    assert ranked[0].name == intent
    assert ranked[0].score > 0.5
    assert sum(r.score for r in ranked) == pytest.approx(1.0, abs=1e-3)


def test_training_is_deterministic(errands: list[Intent]) -> None:
    texts = [e for i in errands for e in i.examples]
    labels = np.asarray([n for n, i in enumerate(errands) for _ in i.examples], dtype=np.int64)
    vectors = _matrix(embed(texts))
    first = LinearRanking.trained(vectors, labels, len(errands))
    again = LinearRanking.trained(vectors.copy(), labels, len(errands))
    assert np.array_equal(first.weights, again.weights)
    assert np.array_equal(first.probabilities(vectors[0]), again.probabilities(vectors[0]))


def test_no_text_or_no_intents_has_no_learned_ranking(errands: list[Intent]) -> None:
    assert IntentMatcher(errands).learned("   ") == []
    assert IntentMatcher([]).learned("book me a taxi") == []


def test_a_planner_is_handed_only_its_own_intents_probabilities(errands: list[Intent]) -> None:
    hello = Intent("other", "hello", ("hello", "hi there", "good morning"), answer="words")
    matcher = IntentMatcher([*errands, hello])
    turn = matcher.understood({"text": "book a cab to the airport"}, "errands")
    names = [i["name"] for i in turn["learned"]]
    assert names[0] == "call_taxi" and "hello" not in names
    assert 0 <= turn["learned_elsewhere"] < turn["learned"][0]["score"]


LEARNED_ECHO = """
def plan(turn):
    best = turn.get("learned") or [{"name": "none", "score": 0}]
    return {"calls": [], "note": best[0]["name"] if best[0]["score"] > 0.5 else "unsure"}
"""


def test_the_offline_model_hands_each_planner_the_learned_ranking(tmp_path: Path) -> None:
    planners = Planners.from_folders([greeter_and_finder(tmp_path, LEARNED_ECHO)])
    try:
        model = Bound(planners, ("alpha_tool",))
        assert model.respond([HumanMessage("hey hello")]).content == "say_hello"
        assert model.respond([HumanMessage("hunt for houses")]).content == "find"
    finally:
        planners.close()


def test_skills_with_no_intents_warm_and_rank_nothing_without_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    failed: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failed.append(args.exc_value))
    matcher = IntentMatcher([])
    thread = matcher.warm()
    thread.join(timeout=60)
    assert not thread.is_alive() and failed == []
    assert matcher.learned("find me a house") == [] and matcher.rank("find me a house") == []
