"""Single sign-on with any OpenID Connect provider: discovery, the authorization code flow with
PKCE (S256), `state` bound to the browser and used once, a `nonce`, and the ID token checked by
Authlib (signature against the provider's keys, issuer, audience, expiry, nonce)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from authlib.common.security import generate_token
from authlib.integrations.httpx_client import AsyncOAuth2Client
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from joserfc.jws import JWSRegistry

from agent_graph.accounts.store import AccountStore
from agent_graph.accounts.tokens import new_secret

ROUND_TRIP_S = 600.0
"""How long a sign-in may stay at the provider before its state expires."""
ROLES_BY_RANK = ("admin", "agent", "user", "guest")
HTTP_TIMEOUT_S = 10.0
BAD_STATE = "single sign-on failed: this sign-in was not started here or has expired; try again"
BAD_TOKEN = "single sign-on failed: the provider's ID token is not valid ({why})"
NO_ANSWER = "single sign-on failed: the provider did not answer ({why})"


class SsoFailed(ValueError):
    """The provider's answer is refused; the message says why, never a secret."""


@dataclass(frozen=True)
class OidcClient:
    issuer: str
    client_id: str
    client_secret: str | None
    redirect_uri: str
    role_claim: str = "propsearch_role"
    default_role: str = "user"


class SingleSignOn:
    def __init__(self, client: OidcClient, store: AccountStore) -> None:
        self.client = client
        self._store = store
        self._metadata: dict[str, Any] | None = None

    def _oauth(self) -> AsyncOAuth2Client:
        return AsyncOAuth2Client(
            client_id=self.client.client_id,
            client_secret=self.client.client_secret,
            redirect_uri=self.client.redirect_uri,
            scope="openid email profile",
            code_challenge_method="S256",
            timeout=HTTP_TIMEOUT_S,
        )

    async def metadata(self) -> dict[str, Any]:
        """The provider's discovery document (read once); its issuer must be the configured one."""
        if self._metadata is None:
            url = self.client.issuer.rstrip("/") + "/.well-known/openid-configuration"
            async with self._oauth() as http:
                found = await _json(http, url)
            if found.get("issuer") != self.client.issuer:
                raise SsoFailed(NO_ANSWER.format(why="its discovery names another issuer"))
            found["jwks"] = await self._keys(found)
            self._metadata = found
        return self._metadata

    async def _keys(self, metadata: dict[str, Any]) -> dict[str, Any]:
        async with self._oauth() as http:
            return await _json(http, str(metadata["jwks_uri"]))

    async def start(self, next_path: str) -> tuple[str, str]:
        """The provider's sign-in URL and the state the browser keeps (in a cookie)."""
        metadata = await self.metadata()
        state, nonce, verifier = new_secret(), new_secret(), generate_token(64)
        until = time.time() + ROUND_TRIP_S
        await asyncio.to_thread(
            self._store.add_oidc_login, state, nonce, verifier, next_path, until
        )
        async with self._oauth() as http:
            url, _ = http.create_authorization_url(
                metadata["authorization_endpoint"], state=state, code_verifier=verifier, nonce=nonce
            )
        return str(url), state

    async def finish(
        self, state: str, code: str, browser_state: str | None
    ) -> tuple[dict[str, Any], str]:
        """The checked ID token claims and where to go next; SsoFailed otherwise."""
        if not browser_state or browser_state != state:
            raise SsoFailed(BAD_STATE)
        begun = await asyncio.to_thread(self._store.take_oidc_login, state, time.time())
        if begun is None:
            raise SsoFailed(BAD_STATE)
        nonce, verifier, next_path = begun
        metadata = await self.metadata()
        async with self._oauth() as http:
            try:
                token = await http.fetch_token(
                    metadata["token_endpoint"], code=code, code_verifier=verifier
                )
            except Exception as exc:
                raise SsoFailed(NO_ANSWER.format(why=type(exc).__name__)) from None
        try:
            return self.claims(token, nonce), next_path
        except SsoFailed:
            if not await self._keys_rotated():
                raise
        return self.claims(token, nonce), next_path

    async def _keys_rotated(self) -> bool:
        """Read the provider's keys again (it may have rotated them); whether they changed."""
        metadata = await self.metadata()
        fresh = await self._keys(metadata)
        if fresh == metadata["jwks"]:
            return False
        metadata["jwks"] = fresh
        return True

    def claims(self, token: dict[str, Any], nonce: str) -> dict[str, Any]:
        """Check the ID token: signed by the provider's key, for this client, from this
        issuer, not expired, carrying our nonce."""
        metadata = self._metadata or {}
        algorithms = metadata.get("id_token_signing_alg_values_supported") or ["RS256"]
        try:
            decoded = jwt.decode(
                str(token.get("id_token", "")),
                KeySet.import_key_set(metadata["jwks"]),
                registry=JWSRegistry(algorithms=[a for a in algorithms if a != "none"]),
            )
            options = {
                "iss": {"essential": True, "value": self.client.issuer},
                "aud": {"essential": True, "value": self.client.client_id},
            }
            params = {"nonce": nonce, "client_id": self.client.client_id}
            claims = CodeIDToken(decoded.claims, decoded.header, options, params)
            claims.validate(leeway=60)
        except (JoseError, ValueError, KeyError) as exc:
            raise SsoFailed(BAD_TOKEN.format(why=_reason(exc))) from None
        return dict(claims)

    def role(self, claims: dict[str, Any]) -> str:
        """The highest role the role claim names (a string or a list), else the default."""
        named = claims.get(self.client.role_claim)
        values = {named} if isinstance(named, str) else set(named or [])
        return next((role for role in ROLES_BY_RANK if role in values), self.client.default_role)


async def _json(http: AsyncOAuth2Client, url: str) -> dict[str, Any]:
    try:
        response = await http.request("GET", url, withhold_token=True)
        response.raise_for_status()
        found = response.json()
    except Exception as exc:
        raise SsoFailed(NO_ANSWER.format(why=type(exc).__name__)) from None
    if not isinstance(found, dict):
        raise SsoFailed(NO_ANSWER.format(why="not a JSON object"))
    return found


def _reason(exc: Exception) -> str:
    return getattr(exc, "description", None) or getattr(exc, "error", None) or type(exc).__name__
