"""What one skill's planner says the message means (`meant`) is shown to the other planners
that read that kind of result, as this turn's last earlier result: never to the skill that
named it, never to a planner that does not read the kind, and never in an answer's or a check's
turn."""

from __future__ import annotations

from agent_graph.planning.meant import WithMeant, with_meant
from agent_graph.planning.view import Facts, TurnView

FACTS = Facts(
    owners={"keeper_tool": "keeper", "pricer_tool": "pricer"},
    heard=frozenset({"keeper", "pricer"}),
)
SHOWN = ("keeper_tool", {"type": "listings", "items": [{"zpid": "1"}, {"zpid": "2"}]})
TURN = TurnView(
    "the payment on the one I keep", ("keeper_tool", "pricer_tool"), (SHOWN,), (), FACTS
)
KEPT = {"type": "detail", "items": [{"zpid": "2", "price": 400_000}]}
READS = frozenset({"listings", "detail"})


def test_a_result_another_planner_meant_is_its_last_earlier_result() -> None:
    turn = WithMeant(TURN, (("keeper", KEPT),)).for_plan("pricer", READS)
    assert turn is not None and turn["earlier"] == [SHOWN[1], KEPT]


def test_the_planner_that_meant_it_and_one_not_reading_the_kind_see_the_turn_unchanged() -> None:
    meant = WithMeant(TURN, (("keeper", KEPT),))
    assert meant.for_plan("keeper", frozenset()) == TURN.for_plan("keeper", frozenset())
    assert meant.for_plan("pricer", frozenset({"listings"})) == TURN.for_plan(
        "pricer", frozenset({"listings"})
    )


def test_planners_asked_for_what_they_mean_only_shape_the_plan_turns() -> None:
    turns = with_meant({"keeper": [KEPT, "not a result"], "pricer": None}, TURN)
    assert turns.for_plan("pricer", READS)["earlier"] == [SHOWN[1], KEPT]  # type: ignore[index]
    assert turns.for_answer("pricer", READS) == TURN.for_answer("pricer", READS)


def test_when_no_planner_means_anything_the_turns_are_the_same() -> None:
    assert with_meant({"keeper": None}, TURN) is TURN
