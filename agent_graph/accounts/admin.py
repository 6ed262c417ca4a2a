"""What an admin does to accounts: list them, change a role or a status (disabling ends the
person's sessions and keys at once), invite people, read the sign-in audit."""

from __future__ import annotations

import time
import uuid
from typing import Any

from agent_graph.accounts.service import Accounts, Refused, normal_email
from agent_graph.accounts.store import Account
from agent_graph.accounts.tokens import digest, new_secret
from agent_graph.security.ids import InvalidIdError, validate_user_id

NO_SUCH_USER = "no account has this id"
NO_SUCH_INVITATION = "no invitation has this id"
KEEP_AN_ADMIN = "you cannot disable yourself or take away your own admin role"
RESERVED = "user id {user!r} is reserved"


def public(account: Account) -> dict[str, Any]:
    """An account as the API shows it (never its password hash)."""
    return {
        "id": account.id,
        "email": account.email,
        "name": account.name,
        "role": account.role,
        "status": account.status,
        "created_at": account.created_at,
        "sso": account.oidc_subject is not None,
    }


class Administration:
    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts
        self.store = accounts.store

    def users(self) -> list[dict[str, Any]]:
        return [public(account) for account in self.store.accounts()]

    def update(self, actor: str, user_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        account = self.store.find("id", user_id)
        if account is None:
            raise Refused(404, NO_SUCH_USER)
        demoted = "role" in changes and changes["role"] != "admin"
        if user_id == actor and (changes.get("status") == "disabled" or demoted):
            raise Refused(409, KEEP_AN_ADMIN)
        self.store.update(user_id, **changes)
        if changes.get("status") == "disabled":
            self.accounts.sessions.end_all(user_id)
        for field in ("role", "status"):
            if field in changes and changes[field] != getattr(account, field):
                detail = f"{field} {getattr(account, field)} -> {changes[field]} by {actor}"
                self.accounts.audit(field, user_id=user_id, email=account.email, detail=detail)
        found = self.store.find("id", user_id)
        assert found is not None
        return public(found)

    def sign_out_everywhere(self, actor: str, user_id: str) -> None:
        if self.store.find("id", user_id) is None:
            raise Refused(404, NO_SUCH_USER)
        self.accounts.sessions.end_all(user_id)
        self.accounts.audit("signout", user_id=user_id, detail=f"everywhere, by {actor}")

    def invite(
        self, actor: str, email: str, role: str, user_id: str | None, reserved: str
    ) -> tuple[dict[str, Any], str]:
        """A one-time invitation (the record, the token); `user_id` keeps an existing data
        namespace, e.g. a token user's (docs/accounts.md)."""
        email = normal_email(email)
        if user_id is not None:
            try:
                validate_user_id(user_id)
            except InvalidIdError as exc:
                raise Refused(422, str(exc)) from None
            if user_id == reserved:
                raise Refused(422, RESERVED.format(user=user_id))
        token, now = new_secret(), time.time()
        link = {
            "id": uuid.uuid4().hex[:16],
            "kind": "invitation",
            "user_id": user_id,
            "email": email,
            "role": role,
            "created_by": actor,
            "created_at": now,
            "expires_at": now + self.accounts.policy.invitation_ttl_s,
        }
        self.store.add_link(digest(token), link)
        self.accounts.audit("invitation", user_id=user_id, email=email, detail=f"{role} by {actor}")
        return _invitation(link), token

    def invitations(self) -> list[dict[str, Any]]:
        return [_invitation(link) for link in self.store.links("invitation")]

    def drop_invitation(self, invitation_id: str) -> None:
        if not self.store.drop_link("invitation", invitation_id):
            raise Refused(404, NO_SUCH_INVITATION)

    def audit(self, limit: int) -> list[dict[str, Any]]:
        return self.store.events(limit)


def _invitation(link: dict[str, Any]) -> dict[str, Any]:
    names = ("id", "email", "role", "user_id", "created_at", "expires_at", "used_at")
    return {name: link.get(name) for name in names}
