"""Password hashes: argon2id with the current parameters; a right password's older hash is
upgraded at sign-in, a wrong one changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from argon2 import PasswordHasher

from agent_graph.accounts import passwords
from agent_graph.accounts.service import Accounts, Policy, Refused
from agent_graph.accounts.store import Account, sqlite_account_store

OLD = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)
PASSWORD = "a password set years ago"


def test_an_older_hash_is_upgraded_at_the_next_right_sign_in(tmp_path: Path) -> None:
    store = sqlite_account_store(tmp_path / "accounts.sqlite3")
    old_hash = OLD.hash(PASSWORD)
    store.add(Account("ada", "ada@example.com", "Ada", "user", "active", old_hash, None, 0.0))
    accounts = Accounts(store, Policy())
    with pytest.raises(Refused) as wrong:
        accounts.signin("ada@example.com", "a wrong password", "10.0.0.1")
    assert wrong.value.status == 401
    assert store.find("id", "ada").password_hash == old_hash  # type: ignore[union-attr]
    accounts.signin("ada@example.com", PASSWORD, "10.0.0.1")
    new_hash = store.find("id", "ada").password_hash  # type: ignore[union-attr]
    assert new_hash != old_hash and new_hash.startswith("$argon2id$")  # type: ignore[union-attr]
    assert not passwords.HASHER.check_needs_rehash(new_hash)  # type: ignore[arg-type]
    assert passwords.verify(new_hash, PASSWORD)
