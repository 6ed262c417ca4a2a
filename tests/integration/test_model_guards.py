"""Platform guards a real model needs, against a scripted OpenAI-compatible model: provider-safe
message order, repeated identical calls, the tool-round cap, argument validation with a retry."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agent_graph.config import Settings
from agent_graph.skills.model.failures import SHOWN, Failure
from api import create_app
from tests.openai_server import FakeOpenAI
from tests.servers import free_port_window, stream_turn

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def skills_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "skills"
    folder.mkdir()
    for name in ("current_time", "real_estate"):  # linked: a copy is the skill's 0.5 GB venv
        (folder / name).symlink_to(ROOT / "skills" / name)
    return folder


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    model = FakeOpenAI({"search_properties": {"location": "Austin", "beds_min": 3}})
    yield model
    model.close()


def _client(tmp_path: Path, skills_dir: Path, fake: FakeOpenAI, **extra: object) -> TestClient:
    settings = Settings(
        memory_root=tmp_path / "memory",
        skills_dir=skills_dir,
        host_port_start=free_port_window(),
        agent_model="openai/test-model",
        llm_api_base=fake.base_url,
        llm_api_key="test-key-123456",
        llm_timeout_s=20,
        **extra,
    )
    return TestClient(create_app(settings), base_url="http://localhost")


def _starts(events: list[dict[str, object]]) -> list[dict[str, object]]:
    return [e for e in events if e["type"] == "step" and e["status"] == "start"]


def _text(events: list[dict[str, object]]) -> str:
    return "".join(str(e["content"]) for e in events if e["type"] == "token")


def test_every_request_has_one_leading_system_message_then_a_user_message(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    """The conversation-state block (after a search) and a second turn's history must not
    put a system message after the first non-system one."""
    with _client(tmp_path, skills_dir, fake) as client:
        first = stream_turn(client, "3 beds in Austin")
        stream_turn(client, "and again", first[0]["session_id"])
    agent_requests = [r for r in fake.requests if r.get("tools")]
    assert len(agent_requests) >= 3
    for request in agent_requests:
        roles = [m["role"] for m in request["messages"]]
        assert roles[0] == "system" and "system" not in roles[1:], roles
        assert roles[1] == "user", roles
    assert "Conversation state" in agent_requests[1]["messages"][0]["content"]


def test_an_identical_repeated_call_is_dropped_and_the_skill_words_the_answer(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    """No third model call without tools (it would re-read the prompt): the skill's planner
    words the result in hand."""
    fake.plans = [("get_current_time", {"timezone": "UTC"})] * 2
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(client, "what time is it?")
    assert [e["name"] for e in _starts(events)] == ["get_current_time"]
    text = _text(events)
    assert text.startswith("It's ") and text.endswith("(UTC).") and text.count("It's") == 1
    assert len([r for r in fake.requests if r.get("tools")]) == 2
    assert not [e for e in events if e["type"] == "error"]


def test_a_model_that_ignores_the_cap_still_ends_with_an_answer(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    """It keeps calling (new arguments each time) even when no tools are bound."""
    zones = ["UTC", "America/Chicago", "Asia/Tokyo"]
    fake.plans = [("get_current_time", {"timezone": zone}) for zone in zones]
    with _client(tmp_path, skills_dir, fake, max_tool_iterations=2) as client:
        events = stream_turn(client, "what time is it everywhere?")
    assert len(_starts(events)) == 2
    assert not [e for e in events if e["type"] == "error"]
    assert "stopped after 2 rounds" in _text(events)
    assert events[-1]["type"] == "done"


def test_invalid_arguments_get_an_actionable_error_and_one_retry(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    fake.plans = [
        ("search_properties", {"beds_min": "three", "city": "Austin"}),
        ("search_properties", {"beds_min": "three", "location": "Austin"}),
        ("search_properties", {"location": "Austin", "beds_min": "3"}),
    ]
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(client, "three beds in Austin")
    steps = [(e["name"], e["status"]) for e in events if e["type"] == "step"]
    assert steps == [("search_properties", s) for s in ("start", "error") * 2 + ("start", "end")]
    failed = [e for e in events if e.get("status") == "error"]
    assert [e["summary"] for e in failed] == [SHOWN[Failure.INVALID]] * 2
    errors = fake.tool_errors()  # what the model read
    assert (
        "beds_min" in errors[0]
        and "city" in errors[0]
        and "call search_properties once more" in errors[0]
    )
    assert "Do not call search_properties again" in errors[1]
    listings = [e["data"] for e in events if e["type"] == "data"]
    assert listings and listings[0]["criteria"]["beds_min"] == 3, "'3' was coerced to 3"


def test_a_failed_step_shows_the_person_words_and_the_model_the_skills_error(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    """The real skill's 404 for an unknown id: the step says so in the skill's words for a
    person (x-propsearch.failed), with no tool name, no id and no JSON; the model reads the
    pool's text, unchanged."""
    fake.plans = [("get_property_details", {"zpid": "99999999"})]
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(client, "show me the details of 99999999")
    (failed,) = [e for e in events if e.get("status") == "error"]
    summary = str(failed["summary"])
    assert summary == "Couldn't find that home."
    for internal in ("get_property_details", "real_estate", "99999999", "{", "404"):
        assert internal not in summary
    (read,) = fake.tool_errors()
    assert "Error: real_estate.get_property_details failed (404): " in read and "99999999" in read


def test_an_answer_restating_the_instructions_loses_those_lines(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    """Streamed and saved alike; the rule is copied from skills/real_estate/AGENT.md."""
    rule = "- **Never invent listings, prices, addresses, distances or features.**"
    fake.answers = [f"HOA stands for homeowners association.\n{rule}\nAnything else?"]
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(client, "What does HOA stand for?")
        saved = client.get(f"/sessions/{events[0]['session_id']}").json()
    text = _text(events)
    assert "homeowners association" in text and "Anything else?" in text
    assert "Never invent" not in text
    assert "homeowners association" in saved["turns"][-1]["assistant"]
    assert "Never invent" not in saved["turns"][-1]["assistant"]


RULE = "- **Never invent listings, prices, addresses, distances or features.**"
WRITTEN = '```json\n{"name": "get_current_time", "arguments": {"timezone": "Asia/Tokyo"}}\n```'


@pytest.mark.parametrize(
    "answers",
    [
        [f"HOA stands for homeowners association.\n{RULE}"],  # the echo last
        [RULE],  # nothing but the echo: an answer is never emptied, so it is shown
        [WRITTEN, f"{RULE}\n\nIt is noon in Tokyo."],  # a call as text, then an echo first
    ],
)
def test_the_streamed_answer_is_the_stored_answer(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI, answers: list[str]
) -> None:
    """The stream and the stored answer pass one set of filters (llm/answer_filters.py)."""
    fake.answers = list(answers)
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(client, "What does HOA stand for, and what time is it in Tokyo?")
        saved = client.get(f"/sessions/{events[0]['session_id']}").json()
    assert _text(events).strip(), "the turn answered"
    assert saved["turns"][-1]["assistant"] == _text(events)


@pytest.mark.parametrize(
    "written",
    [
        '```json\n{"name": "get_current_time", "arguments": {"timezone": "Asia/Tokyo"}}\n```',
        '<tool_call>\n{"name": "get_current_time", "arguments": {"timezone": "Asia/Tokyo"}}'
        "\n</tool_call>",
        '{"name": "get_current_time", "arguments": "{\\"timezone\\": \\"Asia/Tokyo\\"}"}',
    ],
)
def test_a_tool_call_written_as_text_runs_and_never_reaches_the_user(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI, written: str
) -> None:
    fake.answers = [written]
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(client, "What time is it in Tokyo?")
        saved = client.get(f"/sessions/{events[0]['session_id']}").json()
    assert [e["name"] for e in _starts(events)] == ["get_current_time"]
    assert [e["status"] for e in events if e["type"] == "step"] == ["start", "end"]
    text = _text(events)
    assert text.startswith("Tool said:") and "Asia/Tokyo" in text
    assert "arguments" not in text and "```" not in text
    assert "arguments" not in saved["turns"][-1]["assistant"]


def test_text_that_only_looks_like_a_call_is_the_answer(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    answer = '{"name": "not_a_tool", "arguments": {}} is how a call looks.'
    fake.answers = [answer]
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(client, "How does a tool call look?")
    assert not _starts(events)
    assert _text(events).strip() == answer  # held until the message ended, then shown whole


def test_a_call_written_as_text_that_cannot_run_again_is_not_the_answer(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    call = {"timezone": "Asia/Tokyo"}
    written = '```json\n{"name": "get_current_time", "arguments": {"timezone": "Asia/Tokyo"}}\n```'
    fake.plans = [("get_current_time", call)]
    fake.answers = [written, written]  # the same call again, then again without tools
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(client, "What time is it in Tokyo?")
        saved = client.get(f"/sessions/{events[0]['session_id']}").json()
    assert [e["name"] for e in _starts(events)] == ["get_current_time"]
    text = _text(events)
    assert text.startswith("It's ") and text.endswith("(Asia/Tokyo)."), "the skill's wording"
    assert "arguments" not in text and "```" not in text
    assert saved["turns"][-1]["assistant"] == text


def test_the_model_reads_a_compact_table_of_the_results_and_the_ui_gets_them_whole(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    with _client(tmp_path, skills_dir, fake) as client:
        first = stream_turn(client, "3 beds in Austin")
        stream_turn(client, "and the next one?", first[0]["session_id"])
    listings = next(e["data"] for e in first if e["type"] == "data")
    assert len(listings["items"]) == 10 and "lat" in listings["items"][0], "the UI's full data"
    answer_request = fake.requests[1]
    next_turn = [r for r in fake.requests if r.get("tools")][-1]
    seen = next(m["content"] for m in answer_request["messages"] if m["role"] == "tool")
    rows = [line for line in seen.splitlines() if line[:2].strip().isdigit()]
    assert len(rows) == 10 and "# | zpid | address | price" in seen
    for number, item in enumerate(listings["items"], 1):
        assert rows[number - 1].startswith(f"{number} | {item['zpid']} | {item['address']}")
    assert '"lat"' not in seen and len(seen) < len(json.dumps(listings)) / 2
    history = [m["content"] for m in next_turn["messages"] if m["role"] == "tool"]
    assert history[0] == seen, "the next turn's history carries the same compact text"
    state = next_turn["messages"][0]["content"]
    assert listings["items"][0]["zpid"] in state, "the state block still reads the results"


@pytest.mark.parametrize("enabled", [True, False])
def test_the_first_call_of_a_turn_sees_the_planners_suggested_call(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI, enabled: bool
) -> None:
    with _client(tmp_path, skills_dir, fake, planner_suggestions=enabled) as client:
        stream_turn(client, "3 bed houses in Austin under $500k")
    first, after = [r for r in fake.requests if r.get("tools")][:2]
    said = json.dumps(first["messages"])
    assert ("a skill suggests the call below" in said) is enabled
    if enabled:
        lines = first["messages"][0]["content"].splitlines()
        call = json.loads(next(x for x in lines if x.startswith('{"name": "search_properties"')))
        args = call["arguments"]
        assert args | {"location": "Austin", "beds_min": 3, "price_max": 500000} == args
        # in the order the schema declares them, the order a small model writes them in
        schema = next(t for t in first["tools"] if t["function"]["name"] == "search_properties")
        declared = list(schema["function"]["parameters"]["properties"])
        assert list(args) == [name for name in declared if name in args]
    assert "a skill suggests" not in json.dumps(after["messages"]), "only the first call"


def test_a_call_sent_again_unchanged_after_a_correction_runs_the_model_overrules(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    fake.plans = [("search_properties", {"location": "Austin", "beds_min": 3})] * 2
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(client, "3 bed houses in Austin under $500k")
    steps = [(e["name"], e["status"]) for e in events if e["type"] == "step"]
    refused, ran = ("search_properties", "error"), ("search_properties", "end")
    assert steps[-4:] == [
        ("search_properties", "start"),
        refused,
        ("search_properties", "start"),
        ran,
    ]
    failed = [e for e in events if e.get("status") == "error"]
    assert failed[0]["summary"] == SHOWN[Failure.CORRECTED]
    assert "add price_max: 500000" in fake.tool_errors()[0]
    assert [e["data"]["type"] for e in events if e["type"] == "data"] == ["listings"]


def test_a_search_saved_as_a_preference_is_corrected_into_the_search(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    fake.plans = [
        (
            "save_search_criteria",
            {"entry_type": "PREFERENCE", "key": "budget_max", "value": "$600,000"},
        ),
        ("search_properties", {"location": "Austin", "price_max": 600000, "features": ["pool"]}),
    ]
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(
            client, "We want a backyard pool. Houses in Austin up to 600 thousand?"
        )
        saved = client.get("/memory/preferences").json()["preferences"]
    steps = [
        (e["name"], e["status"]) for e in events if e["type"] == "step" and e["name"] != "model"
    ]
    assert ("save_search_criteria", "error") in steps and ("search_properties", "end") in steps
    failed = [e for e in events if e.get("status") == "error"]
    assert failed[0]["summary"] == SHOWN[Failure.CORRECTED]
    assert "do not ask to remember budget_max" in fake.tool_errors()[0]
    assert saved == {}, "nothing the user did not ask for was remembered"
    assert any(e["type"] == "data" and e["data"].get("type") == "listings" for e in events)


def test_a_model_that_made_the_first_of_two_planned_calls_is_shown_the_other(
    tmp_path: Path, skills_dir: Path, fake: FakeOpenAI
) -> None:
    decision = {"entry_type": "DECISION", "key": "exclude_property_type", "value": "condo"}
    search = {"location": "Austin", "price_max": 400000, "exclude_types": ["condo"]}
    fake.plans = [("save_search_criteria", decision), ("search_properties", search)]
    with _client(tmp_path, skills_dir, fake) as client:
        events = stream_turn(
            client, "Austin homes below $400,000 please, not interested in condos."
        )
    # a hosted model gets every system text in its leading message (provider-safe order)
    lead = "a skill suggests the call below"
    suggestions = [
        str(m["content"])[str(m["content"]).index(lead) :]
        for m in fake.requests[1]["messages"]
        if lead in str(m["content"])
    ]
    assert len(suggestions) == 1 and '"name": "search_properties"' in suggestions[0]
    assert '"name": "save_search_criteria"' not in suggestions[0], "only what is left is shown"
    assert any(e["type"] == "data" and e["data"].get("type") == "listings" for e in events)
