"""The understanding corpus on the offline model: both parts' files are valid, and each part's
accuracy stays at or above its floor (a ratchet: raise a floor when the planners improve; the
aim is 97%). One product, one skill pool, every state built once for all the cases."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.understanding import runner
from tests.understanding.cases import (
    CORPUS,
    PARTS,
    Case,
    CorpusError,
    check_tools,
    load_file,
    load_part,
)
from tests.understanding.runner import run_parts
from tests.understanding.scoring import Got, Report, failure_kinds, score

FLOORS = {"learn": 0.965, "heldout": 0.899}
"""Accuracy each part must keep on the offline model (a ratchet towards 97%). learn: 60.7% at
be00cd1 before the intents and recognizers, 97.4% on their branch, 96.6% merged with the tour
dates and planner hearing (bench/results/understanding.md).
heldout: 55.7% before, 70.5% after: the runner's overall figure only, its cases never shown.
Second session: learn 454/468 (97.0%, 81 cases added), held-out 256/359 (71.3%).
Third session: learn 526/541 (97.2%, 73 cases added: two wishes, non-native), held-out 257/359
(71.6%).
Fourth session: learn 542/556 (97.5%, 15 cases added), held-out 262/359 (73.0%); its floor is 260
(two cases of margin).
Fifth session: learn 589/604 (97.5%, 48 cases added: two skills' wishes, payments, preferences),
held-out 268/359 (74.7%); its floor is 266 (two cases of margin).
Sixth session: learn 600/610 (98.4%, 6 cases added: a second wish naming only its home),
held-out 269/359 (74.9%); its floor is 267 (two cases of margin).
Seventh session: learn 600/610 (98.4%, no cases added: intents arbitrated, 227 new examples),
held-out 270/359 (75.2%); its floor is 268 (two cases of margin).
Eighth session: learn 603/618 (97.6%, 8 two-wish cases added: each clause ranked by its own
intents), held-out 269/359 (74.9%); its floor stays 268 (one case of margin).
Ninth session: learn 635/658 (96.5%; 40 new cases of one wish in people's own words, 30 passing
before; the learned ranking arbitrates where the rules plan nothing), held-out 269/359 (74.9%);
both floors stay: learn has no case of margin, held-out one. With the 57 cases of the weakest
capabilities (preferences, mortgage, saved searches, details, market, ordinals) and their
mechanisms merged beside it: learn 693/715 (96.9%), held-out 278/359 (77.4%); the held-out floor
is 276 (two cases of margin).
Ninth session, the learn part's remaining failures by mechanism (no cases added): learn 710/715
(99.3%), held-out 279/359 (77.7%); the held-out floor is 277 (two cases of margin); learn's stays
while other branches change the same planners.
Tenth session: learn 763/765 (99.7%; 50 cases added, 33 passing before: chatty, two wishes,
tours with no time, questions outside the product, a payment on the saved budget), held-out
282/359 (78.6%); the held-out floor is 280 (0.779, two cases of margin); learn's stays.
Eleventh session: learn 808/814 (99.3%; 49 cases added, 35 passing before: chatty, two wishes,
wishes said indirectly, a home's past), held-out 283/359 (78.8%); the held-out floor is 281
(0.782, two cases of margin); learn's stays. With the payments and time of another engineer
(38 cases, 22 passing before) merged beside it: learn 845/852 (99.2%), held-out 286/359 (79.7%);
the held-out floor is 284 (0.791, two cases of margin).
Twelfth session (understand16, 32 learn cases in the weakest capabilities, 24 passing before):
learn 869/884 -> 876/884 (99.1%), held-out 286/359 -> 289/359 (80.5%); the held-out floor is 287
(0.799, two cases of margin).
Thirteenth session (understand18, 26 learn cases of one wish in non-native and chatty voices, 17
passing before): learn 893/910 -> 902/910 (99.1%), held-out 289/359 -> 291/359 (81.1%); the
held-out floor is 289 (0.805, two cases of margin). With understand17 (27 cases, two wishes and
positions) and understand19 (24 cases, preferences and saved searches) merged beside it: learn
950/961 (98.9%), held-out 292/359 (81.3%); the held-out floor is 290 (0.807, two cases of
margin).
Fourteenth session (understand21, 30 learn cases in the weakest capabilities, 22 passing before;
a message heard by nothing else is heard by the skill whose declared names it says): learn
972/991 -> 983/991 (99.2%), held-out 292/359 -> 296/359 (82.5%); the held-out floor is 294
(0.818, two cases of margin).
Fifteenth session (understand23, 29 learn cases about the open home, details, positions, compare
and two wishes, 19 passing before): learn 1002/1020 -> 1012/1020 (99.2%), held-out 296/359 ->
297/359 (82.7%); the held-out floor is 295 (0.821, two cases of margin).
Fifteenth session (understand22, 30 learn cases for the mortgage and time skills, preferences
and courtesy around a wish, 21 passing before; a skill's declared spelling words): learn
1004/1021 -> 1012/1021 (99.1%), held-out 296/359 -> 298/359 (83.0%); the held-out floor is 296
(0.824, two cases of margin).
Both merged (the lead): learn 1041/1050 (99.1%), held-out 299/359 (83.3%); the held-out floor is
297 (0.827, two cases of margin).
Sixteenth session (understand24, 30 learn cases: two wishes, positions, compare, watches, tours,
saved homes, 19 passing before): learn 1060/1080 -> 1071/1080 (99.2%), held-out 299/359 ->
302/359 (84.1%); the held-out floor is 300 (0.835, two cases of margin). With understand25 (29
learn cases: preferences stated, the open home's place, learners' amounts) and the lead's fix of
its fair-housing fall, merged: learn 1102/1109 (99.4%), held-out 303/359 (84.4%); the floor is
301 (0.838, two cases of margin).
Seventeenth session (understand26, 27 learn cases: the open home's details and payment, two
positions, comparison words, 16 passing before; understand27, 27 learn cases: preferences
stated and changed, refine, learners' amounts, a city misspelt, 19 passing before), both merged:
learn 1158/1163 (99.6%), held-out 303/359 -> 304/359 (84.7%); the floor is 302 (0.841, two cases
of margin).
Eighteenth session (understand29, 27 learn cases: preferences changed, watches, positions, compare
then a second wish, 22 passing before): learn 1180/1190 -> 1188/1190 (99.8%), held-out 304/359 ->
305/359 (85.0%); the floor is 303 (0.844, two cases of margin).
Nineteenth session (understand30, 27 learn cases: a home's facts and availability, remembered
preferences swapped and dropped, the top, the bottom and the last few, 24 passing before): learn
1238/1242 -> 1242/1242 (100%), held-out 305/359 -> 307/359 (85.5%); the floor is 305 (0.849, two
cases of margin).
Nineteenth session (understand31, 27 learn cases: comparisons, the market's pace, learners' English
and two wishes, 22 passing before): learn 1236/1242 -> 1241/1242 (99.9%), held-out 305/359 ->
308/359 (85.8%); the floor is 306 (0.852, two cases of margin).
Both merged (the lead): learn 1269/1269 (100%), held-out 310/359 (86.4%); the floor is 308 (0.857,
two cases of margin).
Twentieth session (understand32, 27 learn cases: refine, saved searches, saved homes, 16 passing
before): learn 1285/1296 -> 1296/1296 (100%), held-out 310/359 -> 312/359 (86.9%); the floor is
310 (0.863, two cases of margin).
Twentieth session (understand33, 27 learn cases: tours, watches, payments and two wishes, 26
passing before): learn 1295/1296 -> 1296/1296 (100%), held-out 310/359 -> 311/359 (86.6%); the
floor is 309 (0.86, two cases of margin).
Both merged with the lead's (alerted and watched homes named, courtesy before a wish): learn
1366/1371, held-out 314/359 (87.5%); the floor is 312 (0.869).
Twentieth session (understand34, 19 learn cases: preferences remembered, details, ordinals, 16
passing before): learn 1382/1390 -> 1385/1390 (99.6%), held-out 314/359 -> 315/359 (87.7%); the
floor is 313 (0.871, two cases of margin).
Twenty-first session (understand36, 25 learn cases on what a person keeps, 21 passing before;
the lead's five failures fixed, a planner's `meant` home shown to the other planners): learn
1432/1441 -> 1441/1441 (100%), held-out 315/359 -> 316/359 (88.0%); the floor is 314 (0.874,
two cases of margin).
Twenty-first session (understand37, 24 learn cases: a person starting out or asking about one
home, 22 passing before): learn 1433/1440 -> 1434/1440 (99.6%), held-out 315/359 -> 318/359
(88.6%); the floor is 316 (0.88, two cases of margin).
Twenty-first session (understand38, how people write: 25 learn cases in dictated, typos, two
wishes and non-native voices, 22 passing before): learn 1433/1441 -> 1436/1441, held-out
315/359 -> 317/359 (88.3%); the floor is 315 (0.877, two cases of margin).
Twenty-second session (understand39, the results on screen: 25 learn cases, 19 passing before):
learn 1508/1515 -> 1514/1515 (99.9%), held-out 319/359 -> 320/359 (89.1%); the floor is 318
(0.885, two cases of margin).
Twenty-second session (understand41, 24 learn cases on what a person keeps: the saved, alerts
and remembered states, 18 passing before): learn 1507/1514 -> 1513/1514 (99.9%), held-out
319/359 -> 322/359 (89.7%); the floor is 320 (0.891, two cases of margin).
Twenty-second session, merged (the lead's one spelling vocabulary and understand39, 40, 41):
learn 1562/1563 (99.9%), held-out 324/359 (90.3%); the floor is 322 (0.896).
Twenty-third session (understand43, the start of a conversation: 25 learn cases, 19 passing
before): learn 1581/1588 -> 1587/1588 (99.9%), held-out 324/359 -> 325/359 (90.5%); the floor
is 323 (0.899, two cases of margin)."""


def _parts() -> dict[str, list[Case]]:
    return {part: cases for part in PARTS if (cases := load_part(part))}


@pytest.fixture(scope="module")
def reports() -> dict[str, Report]:
    return asyncio.run(run_parts("offline", _parts(), progress=lambda _outcome: None))


@pytest.mark.parametrize("part", PARTS)
def test_each_part_is_valid_and_covers_every_capability(part: str) -> None:
    if not (CORPUS / part).is_dir():
        pytest.skip(f"the {part} part is not there yet")
    cases = load_part(part)  # raises CorpusError on the first broken case
    assert cases, f"the {part} part holds no case"


def test_the_learn_part_has_every_capability_voice_and_the_issue_findings() -> None:
    cases = load_part("learn")
    counts = {c.capability: 0 for c in cases}
    for case in cases:
        counts[case.capability] += 1
    assert len(cases) >= 350 and min(counts.values()) >= 12, counts
    assert {c.voice for c in cases} == {
        "terse", "chatty", "typos", "dictated", "non_native", "two_wishes", "plain"
    }  # fmt: skip
    said = {c.say for c in cases}
    assert {"budget is 450", "number 4", "forget my budget"} <= said


@pytest.mark.parametrize("part", PARTS)
def test_accuracy_stays_at_or_above_the_floor(reports: dict[str, Report], part: str) -> None:
    if part not in reports:
        pytest.skip(f"the {part} part is not there yet")
    report, floor = reports[part], FLOORS[part]
    accuracy = report.accuracy  # compared alone: the report's repr would bury the figures
    assert accuracy >= floor, report.text(failures=part == "learn")


BROKEN = {
    "unknown tool": ("search", "expect: {calls: [{tool: find_homes}]}", "unknown tool"),
    "unknown state": ("search", "state: lobby\n    expect: {answer: words}", "unknown state"),
    "unresolvable": (
        "ordinals",
        "expect: {calls: [{tool: get_property_details, args: {zpid: $2}}]}",
        "cannot resolve $2",
    ),
    "focus in results": (
        "ordinals",
        "state: results\n    expect: {calls: [{tool: save_home, args: {zpid: $focus}}]}",
        "cannot resolve $focus",
    ),
    "bad answer": ("terms", "expect: {answer: maybe}", "answer 'maybe'"),
    "wrong file name": ("tours", "expect: {answer: words}", "capability 'tours'"),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_case_is_a_clear_error(tmp_path: Path, name: str) -> None:
    capability, rest, message = BROKEN[name]
    path = tmp_path / ("search.yaml" if name == "wrong file name" else f"{capability}.yaml")
    path.write_text(
        f'capability: {capability}\ncases:\n  - say: "x"\n    voice: plain\n    {rest}\n'
    )
    with pytest.raises(CorpusError, match=message.replace("$", r"\$")):
        load_file(path)


def _case(expect: dict[str, object]) -> Case:
    return Case("search", "x", "plain", "results", expect, "t:1")


REFS = {"$1": "111", "$2": "222"}


@pytest.mark.parametrize(
    ("expect", "calls", "passed"),
    [
        ({"calls": [{"tool": "get_property_details", "args": {"zpid": "$2"}}]},
         [("get_property_details", {"zpid": 222})], True),
        ({"calls": [{"tool": "get_property_details", "args": {"zpid": "$2"}}]},
         [("get_property_details", {"zpid": "111"})], False),
        ({"calls": [{"tool": "search_properties", "args": {"price_max": 450000}}]},
         [("search_properties", {"price_max": "$450,000", "location": "x"}),
          ("save_search_criteria", {"key": "budget_max"})], True),
        ({"calls": [{"tool": "search_properties", "args": {"price_max": 450000}}]},
         [("search_properties", {"price_max": "450k"})], False),
        ({"calls": [{"tool": "search_properties", "args": {"location": "78745"}}]},
         [("search_properties", {"location": 78745.0})], True),
        ({"calls": [{"tool": "search_properties", "args": {"location": "Austin"}}]},
         [("search_properties", {"location": " austin"})], True),
        ({"calls": [{"tool": "search_properties", "args": {"price_max": None}}]},
         [("search_properties", {"location": "78745"})], True),
        ({"calls": [{"tool": "search_properties", "args": {"features": ["pool"]}}]},
         [("search_properties", {"features": ["pool", "garage"]})], False),
        ({"calls": [{"tool": "search_properties"}]},
         [("search_properties", {}), ("get_property_details", {"zpid": 1})], False),
        ({"calls": [{"tool": "compare_properties", "args": {"zpids": ["$2", "$1"]}}]},
         [("compare_properties", {"zpids": ["111", "222"]})], True),
        ({"calls": [{"tool": ["get_current_time", "mcp_time_get_current_time"],
                     "args": {"timezone": "asia/tokyo"}}]},
         [("mcp_time_get_current_time", {"timezone": "Asia/Tokyo "})], True),
        ({"answer": "words"}, [], True),
        ({"answer": "refuse"}, [("search_properties", {})], False),
    ],
)  # fmt: skip
def test_scoring_follows_the_format(
    expect: dict[str, object], calls: list[tuple[str, dict[str, object]]], passed: bool
) -> None:
    got = Got([{"name": name, "args": args} for name, args in calls])
    assert score(_case(expect), got, REFS).passed is passed


def test_a_tool_the_product_does_not_offer_is_a_clear_error() -> None:
    case = _case({"calls": [{"tool": ["get_current_time", "mcp_time_get_current_time"]}]})
    check_tools([case], {"mcp_time_get_current_time"})  # one of the list is enough
    with pytest.raises(CorpusError, match="offers no 'compare_properties'"):
        check_tools([_case({"calls": [{"tool": "compare_properties"}]})], {"get_current_time"})


def test_the_held_out_cases_are_never_shown(capsys: pytest.CaptureFixture[str]) -> None:
    for shown in (["--failures"], ["--say", "tour"], ["--json", "/dev/null"]):
        assert runner.main(["--part", "heldout", *shown]) == 2
        assert "only measured" in capsys.readouterr().err


def test_a_failure_is_told_by_its_kind_without_its_words_or_values() -> None:
    tour = {"calls": [{"tool": "request_tour", "args": {"zpid": "$2"}}]}
    case = Case("tours", "can we see #2", "terse", "results", tour, "tours.yaml:1")
    refs = {"$2": "22"}

    def kinds(*calls: tuple[str, dict[str, str]]) -> list[str]:
        got = Got([{"name": name, "args": args} for name, args in calls], text="Sure.")
        return failure_kinds(score(case, got, refs), refs)

    assert kinds(("request_tour", {"zpid": "22"})) == []
    assert kinds() == ["no call"]
    assert kinds(("get_property_details", {"zpid": "22"})) == ["wrong tool"]
    assert kinds(("request_tour", {"zpid": "23"})) == ["argument zpid"]
    assert kinds(("request_tour", {"zpid": "22"}), ("save_home", {"zpid": "22"})) == ["extra call"]
    words = Case("smalltalk", "hi", "plain", "fresh", {"answer": "words"}, "smalltalk.yaml:1")
    said = score(words, Got([{"name": "get_current_time", "args": {}}]), {})
    assert failure_kinds(said, {}) == ["call where words expected"]
