"""Local accounts: the first admin, sign-up as the operator allows, sign-in with a password
(rate-limited per account and per address, with no hint whether an email has an account),
password changes and resets by a one-time link."""

from __future__ import annotations

import re
import secrets
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from agent_graph.accounts import passwords
from agent_graph.accounts.credentials import Expiry, KeyRing, NewSession, SessionKeeper
from agent_graph.accounts.store import Account, AccountStore, AlreadyTaken
from agent_graph.accounts.tokens import digest, new_secret

EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]{1,190}$")
WRONG = "wrong email or password"
TOO_MANY = "too many failed sign-ins; try again in {minutes} minute(s)"
PENDING = "this account is waiting for an admin's approval"
DISABLED = "this account is disabled; ask an admin of this PropSearch"
BAD_EMAIL = "that is not an email address"
TAKEN = "this email already has an account; sign in or reset the password"
CLOSED = "sign-up needs an invitation here; ask an admin for one"
BAD_INVITATION = "this invitation is not valid (wrong, used or expired)"
BAD_LINK = "this link is not valid (wrong, already used or expired); ask for a new one"
BAD_SETUP = "wrong setup code (the server wrote it to MEMORY_ROOT/accounts/setup-code)"
SET_UP = "this PropSearch already has accounts; sign in"


class Refused(Exception):
    """An accounts request refused: the HTTP status, a sentence for the person, and for a
    rate limit the seconds to wait."""

    def __init__(self, status: int, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


@dataclass(frozen=True)
class Policy:
    signup: str = "invite"
    max_failures: int = 5
    address_max_failures: int = 20
    window_s: float = 900.0
    reset_ttl_s: float = 3600.0
    invitation_ttl_s: float = 7 * 86400.0
    expiry: Expiry = field(default_factory=lambda: Expiry(7 * 86400.0, 30 * 86400.0))


def normal_email(email: str) -> str:
    email = email.strip().lower()
    if not EMAIL.fullmatch(email):
        raise Refused(422, BAD_EMAIL)
    return email


def _new_password_hash(password: str) -> str:
    try:
        return passwords.hash_password(password)
    except passwords.WeakPassword as exc:
        raise Refused(422, str(exc)) from None


class Accounts:
    """People's accounts over an AccountStore; sessions and keys ride along."""

    def __init__(self, store: AccountStore, policy: Policy) -> None:
        self.store = store
        self.policy = policy
        self.sessions = SessionKeeper(store, policy.expiry)
        self.keys = KeyRing(store)
        self.setup_code = new_secret() if store.count() == 0 else None

    @property
    def setup_needed(self) -> bool:
        return self.setup_code is not None and self.store.count() == 0

    def audit(self, kind: str, ok: bool = True, **event: Any) -> None:
        self.store.record({"at": time.time(), "kind": kind, "ok": ok, **event})

    def setup(self, code: str, form: dict[str, str], address: str) -> tuple[Account, NewSession]:
        """The first admin, with the code the server logged at start."""
        if not self.setup_needed:
            raise Refused(409, SET_UP)
        if not secrets.compare_digest(digest(code), digest(self.setup_code or "")):
            raise Refused(403, BAD_SETUP)
        account = self._create(form, role="admin", status="active")
        self.setup_code = None
        self.audit("setup", user_id=account.id, email=account.email, address=address)
        return account, self.sessions.start(account.id)

    def signup(
        self, form: dict[str, str], invitation: str | None, address: str
    ) -> tuple[Account, NewSession | None]:
        """A new account: active with `open` sign-up or an invitation, else pending approval."""
        email = normal_email(form["email"])
        invited = self._invitation(invitation, email) if invitation else None
        if invited is None and self.policy.signup == "invite":
            raise Refused(403, CLOSED)
        role = str(invited["role"]) if invited else "user"
        active = invited is not None or self.policy.signup == "open"
        account = self._create(
            form,
            role=role,
            status="active" if active else "pending",
            user_id=invited.get("user_id") if invited else None,
        )
        self.audit("signup", user_id=account.id, email=email, address=address)
        return account, self.sessions.start(account.id) if active else None

    def _invitation(self, token: str, email: str) -> dict[str, Any]:
        invited = self.store.take_link(digest(token), "invitation", time.time(), email)
        if invited is None:
            raise Refused(403, BAD_INVITATION)
        return invited

    def _create(self, form: dict[str, str], role: str, status: str, **ids: Any) -> Account:
        email = normal_email(form["email"])
        user_id = ids.get("user_id") or _user_id(email)
        account = Account(
            id=user_id,
            email=email,
            name=form.get("name", "").strip() or email.split("@")[0],
            role=role,
            status=status,
            password_hash=_new_password_hash(form["password"]),
            oidc_subject=ids.get("oidc_subject"),
            created_at=time.time(),
        )
        try:
            self.store.add(account)
        except AlreadyTaken:
            raise Refused(409, TAKEN) from None
        return account

    def signin(self, email: str, password: str, address: str) -> tuple[Account, NewSession]:
        """A new session for the right password; the same refusal for an unknown email."""
        email = email.strip().lower()
        self._check_rate(email, address)
        account = self.store.find("email", email)
        right = passwords.verify(account.password_hash if account else None, password)
        if account is None or not right:
            self.audit("signin", False, email=email, address=address, detail="wrong password")
            raise Refused(401, WRONG)
        if account.status != "active":
            self.audit(
                "signin",
                False,
                user_id=account.id,
                email=email,
                address=address,
                detail=account.status,
            )
            raise Refused(403, PENDING if account.status == "pending" else DISABLED)
        if account.password_hash and (new := passwords.upgraded(account.password_hash, password)):
            self.store.update(account.id, password_hash=new)
        self.audit("signin", user_id=account.id, email=email, address=address)
        return account, self.sessions.start(account.id)

    def _check_rate(self, email: str, address: str) -> None:
        since = time.time() - self.policy.window_s
        for column, value, limit in (
            ("email", email, self.policy.max_failures),
            ("address", address, self.policy.address_max_failures),
        ):
            count, oldest = self.store.failures(column, value, since)
            if count >= limit:
                wait = max(1.0, oldest - since)
                raise Refused(429, TOO_MANY.format(minutes=max(1, round(wait / 60))), wait)

    def change_password(self, user_id: str, current: str, new: str, keep: str | None) -> None:
        account = self.store.find("id", user_id)
        if account is None or not passwords.verify(account.password_hash, current):
            raise Refused(403, "the current password is wrong")
        self.store.update(user_id, password_hash=_new_password_hash(new))
        self.sessions.end_all(user_id, keep=keep)
        self.audit("password", user_id=user_id, email=account.email)

    def reset_token(self, email: str, address: str) -> tuple[str, str] | None:
        """A one-time reset token for this email's account, (address, token); None when the
        email has no active account (the caller answers the same either way)."""
        email = email.strip().lower()
        account = self.store.find("email", email)
        self.audit("reset_request", account is not None, email=email, address=address)
        if account is None or account.status != "active":
            return None
        token, now = new_secret(), time.time()
        link = {
            "id": uuid.uuid4().hex[:16],
            "kind": "reset",
            "user_id": account.id,
            "email": email,
            "created_at": now,
            "expires_at": now + self.policy.reset_ttl_s,
        }
        self.store.add_link(digest(token), link)
        return account.email, token

    def reset(self, token: str, new: str) -> None:
        """Set a new password with a reset link (once, before it expires); every session ends."""
        password_hash = _new_password_hash(new)
        link = self.store.take_link(digest(token), "reset", time.time())
        if link is None:
            raise Refused(400, BAD_LINK)
        self.store.update(str(link["user_id"]), password_hash=password_hash)
        self.sessions.end_all(str(link["user_id"]))
        self.audit("reset", user_id=link["user_id"], email=link["email"])

    def sso(self, subject: str, claims: dict[str, Any], role: str, address: str) -> Account:
        """The account of a single sign-on subject: found by subject, else linked by a
        verified email, else made. Its role follows the provider's claim at each sign-in."""
        account = self.store.find("oidc_subject", subject)
        email = str(claims.get("email") or f"{claims['sub']}@sso.invalid").lower()
        if account is None and (same := self.store.find("email", email)) is not None:
            if claims.get("email_verified") is not True or same.oidc_subject is not None:
                self.audit("sso", False, email=email, address=address, detail="email taken")
                raise Refused(409, TAKEN)
            self.store.update(same.id, oidc_subject=subject)
            account = same
        if account is None:
            account = self._sso_account(subject, email, str(claims.get("name") or ""), role)
        elif account.role != role:
            self.store.update(account.id, role=role)
        if account.status != "active":
            self.audit("sso", False, user_id=account.id, email=email, address=address)
            raise Refused(403, PENDING if account.status == "pending" else DISABLED)
        self.audit("sso", user_id=account.id, email=email, address=address)
        return account

    def _sso_account(self, subject: str, email: str, name: str, role: str) -> Account:
        status = "pending" if self.policy.signup == "approval" else "active"
        account = Account(
            _user_id(email),
            email,
            name or email.split("@")[0],
            role,
            status,
            None,
            subject,
            time.time(),
        )
        self.store.add(account)
        return account


def _user_id(email: str) -> str:
    """A new data namespace: the email's name part, made id-safe, and a random tail (so a
    sign-up never lands in an id someone used before, e.g. an operator token's user)."""
    name = re.sub(r"[^A-Za-z0-9_.-]", "-", email.split("@")[0])[:40].strip(".") or "user"
    return f"{name}-{secrets.token_hex(4)}"
