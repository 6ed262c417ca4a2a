"""What every accounts store must do, the same on SQLite and PostgreSQL: the test of each
profile runs this against its own store."""

from __future__ import annotations

import time

import pytest

from agent_graph.accounts.credentials import Expiry
from agent_graph.accounts.identity import Identities, Request
from agent_graph.accounts.service import Accounts, Policy, Refused
from agent_graph.accounts.store import AccountStore
from agent_graph.security.auth import TokenTable

FORM = {"email": "Ada@Example.com", "password": "a long enough password", "name": "Ada"}


def check_store(store: AccountStore) -> None:
    """First admin, sign-in, a session and a key resolving to the account, disabling, the
    audit's failure counts and a one-time link, on `store`."""
    accounts = Accounts(store, Policy(max_failures=2, expiry=Expiry(3600, 86400)))
    assert accounts.setup_needed and accounts.setup_code
    admin, _ = accounts.setup(accounts.setup_code, FORM, "10.0.0.1")
    assert (admin.email, admin.role) == ("ada@example.com", "admin")
    with pytest.raises(Refused) as wrong:
        accounts.signin("ada@example.com", "not the password", "10.0.0.1")
    assert wrong.value.status == 401
    account, session = accounts.signin("ADA@example.com", FORM["password"], "10.0.0.2")
    key = str(accounts.keys.create(account.id, "cli")["key"])
    identities = Identities(TokenTable({}), accounts.sessions, accounts.keys)
    by_cookie = identities.resolve(Request("GET", session_cookie=session.token))
    by_key = identities.resolve(Request("GET", authorization=f"Bearer {key}"))
    assert by_cookie == by_key and by_cookie is not None and by_cookie.user == admin.id
    store.update(admin.id, status="disabled")
    assert identities.resolve(Request("GET", session_cookie=session.token)) is None
    assert store.failures("email", "ada@example.com", time.time() - 60)[0] == 1
    assert [e["kind"] for e in store.events(10)][:2] == ["signin", "signin"]
    link = {
        "id": "l1",
        "kind": "reset",
        "user_id": admin.id,
        "email": admin.email,
        "created_at": time.time(),
        "expires_at": time.time() + 60,
    }
    store.add_link("digest-1", link)
    assert store.take_link("digest-1", "reset", time.time()) is not None
    assert store.take_link("digest-1", "reset", time.time()) is None
