"""The corpus's states, built once each with the real product in-process (AppRuntime: the
composed graph, services and skill workers the API runs): messages said through its turns,
saved entries and preferences written by its own tools through its direct-call path, alerts
kept in its job store. Each state belongs to its own user, so none sees another's memory."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Any

from agent_graph.app.runtime import AppRuntime
from agent_graph.events import Event
from agent_graph.security.auth import Principal
from agent_graph.server.direct_calls import (
    ConfirmationNeededError,
    DirectCall,
    DirectCallError,
    call_tool,
)
from agent_graph.storage.sessions import new_session_id
from agent_graph.turn_request import TurnRequest

SKILL = "real_estate"
SEARCH = "3 bedroom houses in 78745 under $450k"
CRITERIA = {"location": "78745", "beds_min": 3, "property_type": "house", "price_max": 450000}
PAYMENT = "what would the monthly payment be with 20% down at 6.5%?"
REMEMBERED = {"budget_max": "500000", "location": "Austin", "property_type": "house"}


class StateError(RuntimeError):
    """The product did not make a state as the format describes it."""


@dataclass
class State:
    """A built state: whose it is, the conversation to continue (None: a new one), and what
    its references resolve to."""

    name: str
    user: str
    session: str | None = None
    refs: dict[str, Any] = field(default_factory=dict)
    alerts: list[dict[str, Any]] = field(default_factory=list)
    """Alerts that open each case's new conversation unseen (taken as read by it)."""


class Builder:
    """Builds the states on a started AppRuntime."""

    def __init__(self, runtime: AppRuntime) -> None:
        self.runtime = runtime
        self.role = "user" if runtime.tokens.enabled else "admin"
        """The role the API gives the person (without tokens, the admin of their own machine,
        whose prompt prefix the local model warms at start-up)."""
        self.built: dict[str, State] = {}
        self._alert_serial = itertools.count()

    async def say(self, user: str, session: str, message: str) -> list[Event]:
        events = []
        async for event in self.runtime.runner.events(
            TurnRequest(user, session, message, self.role)
        ):
            if event.type == "error":
                raise StateError(f"{message!r} failed: {event['message']}")
            if event.type == "confirm":
                raise StateError(f"{message!r} asked for a confirmation: {event['question']}")
            events.append(event)
        return events

    async def call(self, user: str, tool: str, params: dict[str, Any]) -> dict[str, Any]:
        """One tool through the product's direct-call path, confirmed when it asks."""
        runtime = self.runtime
        args = (runtime.services.skills, runtime.memory, runtime.sanitizer, runtime.confirm_tokens)
        call = DirectCall(Principal(user, self.role), tool, params)
        try:
            try:
                return await call_tool(*args, call)
            except ConfirmationNeededError as asked:
                return await call_tool(*args, replace(call, confirm=asked.token))
        except DirectCallError as exc:  # the confirmed call refused too
            raise StateError(f"{tool}({params}) was refused: {exc.status} {exc.detail}") from None

    async def build(self, name: str) -> State:
        """The state, built the first time it is asked for."""
        if name not in self.built:
            self.built[name] = await getattr(self, f"_{name}")(State(name, f"corpus-{name}"))
        return self.built[name]

    async def _continued(self, state: State, earlier: str) -> State:
        """`state` as a continuation of the `earlier` state's conversation (copied to this
        state's user), so a slow model says the shared messages once."""
        before = await self.build(earlier)
        state.session = self.session_copy(before, to_user=state.user)
        state.refs = dict(before.refs)
        return state

    async def _fresh(self, state: State) -> State:
        return state

    async def _results(self, state: State) -> State:
        state.session = new_session_id()
        events = await self.say(state.user, state.session, SEARCH)
        items = _listings(events, SEARCH)
        for n, item in enumerate(items[:10], 1):
            state.refs[f"${n}"] = str(item["zpid"])
            state.refs[f"$address{n}"] = item["address"]
        return state

    async def _detail(self, state: State) -> State:
        await self._continued(state, "results")
        zpid, address = state.refs["$2"], state.refs["$address2"]
        assert state.session is not None
        click = f"Show me the details for {address} (zpid: {zpid})"
        events = await self.say(state.user, state.session, click)
        shown = [d for d in _data(events) if d.get("type") == "detail"]
        if not shown or str(shown[-1]["items"][0]["zpid"]) != zpid:
            raise StateError(f"the card click {click!r} did not open home 2's detail card")
        state.refs["$focus"] = zpid
        return state

    async def _payment(self, state: State) -> State:
        await self._continued(state, "detail")
        assert state.session is not None
        events = await self.say(state.user, state.session, PAYMENT)
        if "mortgage_payment" not in _called(events):
            raise StateError(f"{PAYMENT!r} did not estimate the payment: {_called(events)}")
        return state

    async def _remembered(self, state: State) -> State:
        for key, value in REMEMBERED.items():
            params = {"entry_type": "PREFERENCE", "key": key, "value": value}
            await self.call(state.user, "save_search_criteria", params)
        return state

    async def _saved(self, state: State) -> State:
        await self._continued(state, "results")
        for n in (1, 3):
            await self.call(state.user, "save_home", {"zpid": state.refs[f"${n}"]})
        entries = (await self.runtime.memory.list_preferences(state.user)).get(SKILL, [])
        saved = [e["key"].removeprefix("home_") for e in entries if e["entry_type"] == "SAVED"]
        if sorted(saved) != sorted([state.refs["$1"], state.refs["$3"]]):
            raise StateError(f"homes 1 and 3 were saved, the product keeps {saved}")
        state.refs["$saved"] = saved
        await self._keep_search_and_watch(state, state.refs["$2"])
        return state

    async def _alerts(self, state: State) -> State:
        found = await self.call(state.user, "search_properties", dict(CRITERIA))
        items = found["result"]["items"]
        watched, new = items[1], items[4]
        await self._keep_search_and_watch(state, str(watched["zpid"]))
        state.alerts = [_new_match(state.refs["$search"], new), _price_drop(state, watched)]
        return state

    async def _keep_search_and_watch(self, state: State, zpid: str) -> None:
        search = await self.call(state.user, "save_search", {"criteria": dict(CRITERIA)})
        watch = await self.call(state.user, "watch_home", {"zpid": zpid, "watch": "price"})
        state.refs["$search"] = search["result"]["key"]
        state.refs["$watch"] = watch["result"]["key"]

    def open_alerts(self, state: State) -> None:
        """The state's alerts stored unseen again, under keys of their own (an alert is kept
        once per key): the case's new conversation opens with them."""
        store = self.runtime.storage.jobs
        if store is None or not state.alerts:
            return
        serial = next(self._alert_serial)
        for alert in state.alerts:
            source = (alert["entry_type"], alert["entry_key"])
            kept = {k: v for k, v in alert.items() if not k.startswith("entry_")}
            kept = {**kept, "user": state.user, "key": f"{alert['key']}:{serial}"}
            store.add_alert(SKILL, "corpus", kept, source)

    def session_copy(self, state: State, to_user: str | None = None) -> str:
        """A new session holding the state's conversation (a new id for a new conversation),
        the state user's or `to_user`'s."""
        if state.session is None:
            return new_session_id()
        sessions = self.runtime.storage.sessions
        record = sessions.load(state.user, state.session)
        if record is None:
            raise StateError(f"state {state.name}: its session is gone")
        copy = replace(record, id=new_session_id(), user=to_user or state.user)
        sessions.save(copy)
        return copy.id


def _data(events: list[Event]) -> list[dict[str, Any]]:
    return [e.data for e in events if e.type == "data"]


def _called(events: list[Event]) -> list[str]:
    return [e.name for e in events if e.type == "step" and e.status == "start"]


def _listings(events: list[Event], message: str) -> list[dict[str, Any]]:
    lists = [d for d in _data(events) if d.get("type") == "listings"]
    if not lists or len(lists[-1]["items"]) < 10:
        raise StateError(f"{message!r} did not put ten homes on screen")
    criteria = lists[-1].get("criteria") or {}
    if any(str(criteria.get(k)) != str(v) for k, v in CRITERIA.items()):
        raise StateError(f"{message!r} searched {criteria}, not {CRITERIA}")
    return list(lists[-1]["items"])


def _new_match(search_key: str, home: dict[str, Any]) -> dict[str, Any]:
    """As the skill's match_saved_searches job words a new home for a saved search."""
    return {
        "key": f"{search_key}:{home['zpid']}:new",
        "kind": "new_match",
        "title": "A new home matches your search: houses in 78745, 3+ beds",
        "body": f"{home['address']} · ${home['price']:,.0f}",
        "items": [home],
        "entry_type": "SEARCH",
        "entry_key": search_key,
    }


def _price_drop(state: State, home: dict[str, Any]) -> dict[str, Any]:
    """As the job words a price drop on a watched home (5% below its listed price)."""
    before = float(home["price"])
    after = round(before * 0.95)
    return {
        "key": f"{state.refs['$watch']}:price:{after}",
        "kind": "price_drop",
        "title": f"Price drop: {home['address']}",
        "body": f"${before:,.0f} → ${after:,.0f} (-5%)",
        "items": [{**home, "price": after}],
        "entry_type": "WATCH",
        "entry_key": state.refs["$watch"],
    }
