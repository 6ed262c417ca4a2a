"""Single sign-on against a real OpenID provider nobody here wrote (panva's oidc-provider,
started by the fixture on 127.0.0.1): the round trip signs in with the role the provider's
claim names; a wrong state, nonce, audience, issuer, signature or expiry is refused; after
sign-in the browser lands on a path of this site only."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from joserfc.jwk import RSAKey

from agent_graph.server.routes.oidc import safe_next
from tests.accounts.helpers import accounts_app, new_browser
from tests.accounts.openid_provider import (
    CLIENT_ID,
    CLIENT_SECRET,
    OpenIdProvider,
    missing,
    openid_provider,
    round_trip,
)

PUBLIC_URL = "http://localhost"
pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


@pytest.fixture(scope="module")
def provider(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenIdProvider]:
    folder = tmp_path_factory.mktemp("oidc")
    with openid_provider(folder, f"{PUBLIC_URL}/auth/oidc/callback", role="agent") as found:
        yield found


@pytest.fixture(scope="module")
def app(provider: OpenIdProvider, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = {
        "public_url": PUBLIC_URL,
        "oidc_issuer": provider.issuer,
        "oidc_client_id": CLIENT_ID,
        "oidc_client_secret": CLIENT_SECRET,
    }
    with accounts_app(tmp_path_factory.mktemp("app"), **settings) as client:
        yield client


@pytest.fixture
def browser(app: TestClient, provider: OpenIdProvider) -> Iterator[TestClient]:
    yield new_browser(app)
    provider.proxy.tamper = provider.proxy.signer = provider.proxy.added_key = None


def test_single_sign_on_signs_in_with_the_providers_role(app: TestClient) -> None:
    browser = new_browser(app)
    assert browser.get("/auth/config").json()["oidc"] is True
    back = browser.get(round_trip(browser, PUBLIC_URL, "/saved"), follow_redirects=False)
    assert back.status_code == 302, back.text
    assert back.headers["location"] == "/saved"
    me = browser.get("/auth/me").json()
    assert (me["via"], me["role"], me["user"]["email"], me["user"]["sso"]) == (
        "session",
        "agent",
        "rita@example.com",
        True,
    )
    again = new_browser(app)
    again.get(round_trip(again, PUBLIC_URL), follow_redirects=False)
    assert again.get("/auth/me").json()["user_id"] == me["user_id"]  # the same account


def refused(answer: Any, outcome: str = "failed") -> None:
    """A refused callback: the browser lands on the sign-in page told how it ended (the web UI
    words it), with no session and no JSON on screen."""
    assert answer.status_code == 303, answer.text
    assert answer.headers["location"] == f"/?sso={outcome}"
    assert "propsearch_session=" not in answer.headers.get("set-cookie", "")


def test_a_callback_with_a_wrong_or_reused_state_is_refused(
    app: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    browser = new_browser(app)
    callback = round_trip(browser, PUBLIC_URL)
    state = callback.split("state=")[1].split("&")[0]
    with caplog.at_level(logging.INFO, logger="agent_graph.server.routes.oidc"):
        refused(browser.get(callback.replace(state, "an-attackers-state"), follow_redirects=False))
    assert "not started here" in caplog.text  # the reason is logged, not shown
    refused(new_browser(app).get(callback, follow_redirects=False))  # no state cookie
    assert browser.get(callback, follow_redirects=False).status_code == 302
    refused(browser.get(callback, follow_redirects=False))  # replayed
    assert browser.get("/?sso=failed").status_code == 200  # the page the browser lands on


def _other_key(kid: str = "test-key") -> Any:
    """A key nobody published, with the provider's key id unless told."""
    return RSAKey.generate_key(2048, parameters={"kid": kid}, private=True)


TAMPERED = {
    "nonce": lambda c: {**c, "nonce": "another-sign-ins-nonce"},
    "audience": lambda c: {**c, "aud": "another-client", "azp": CLIENT_ID},
    "issuer": lambda c: {**c, "iss": "https://evil.example"},
    "expiry": lambda c: {**c, "exp": int(time.time()) - 3600, "iat": int(time.time()) - 7200},
    "signature": lambda c: c,
}


@pytest.mark.parametrize("attack", sorted(TAMPERED))
def test_a_tampered_id_token_is_refused(
    attack: str,
    app: TestClient,
    provider: OpenIdProvider,
    browser: TestClient,
    caplog: pytest.LogCaptureFixture,
) -> None:
    provider.proxy.tamper = TAMPERED[attack]
    provider.proxy.signer = _other_key() if attack == "signature" else None
    with caplog.at_level(logging.INFO, logger="agent_graph.server.routes.oidc"):
        refused(browser.get(round_trip(browser, PUBLIC_URL), follow_redirects=False))
    assert "ID token is not valid" in caplog.text
    assert browser.get("/auth/me").json()["user"] is None


def test_a_token_signed_with_a_key_the_provider_rotated_in_is_accepted(
    provider: OpenIdProvider, browser: TestClient
) -> None:
    """The app read the provider's keys before; a token signed with a key published since
    makes it read them again, once, rather than refuse."""
    before = new_browser(browser)
    assert before.get(round_trip(before, PUBLIC_URL)).is_success  # the keys as they were
    rotated = _other_key("rotated-in")
    provider.proxy.tamper, provider.proxy.signer = (lambda claims: claims), rotated
    provider.proxy.added_key = rotated
    answer = browser.get(round_trip(browser, PUBLIC_URL), follow_redirects=False)
    assert answer.status_code == 302, answer.text
    assert browser.get("/auth/me").json()["via"] == "session"


@pytest.mark.parametrize(
    "next_path", ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:x"]
)
def test_after_sign_in_the_browser_never_leaves_this_site(app: TestClient, next_path: str) -> None:
    browser = new_browser(app)
    back = browser.get(round_trip(browser, PUBLIC_URL, next_path), follow_redirects=False)
    assert back.status_code == 302
    assert back.headers["location"] == "/"


def test_only_local_paths_are_kept_as_where_to_go_next() -> None:
    assert safe_next("/homes?page=2") == "/homes?page=2"
    for outside in ("https://evil.example", "//evil.example", "/\\evil", "", None, "/a b"):
        assert safe_next(outside) == "/"


def test_a_sign_in_that_waits_for_approval_lands_on_the_sign_in_page(
    provider: OpenIdProvider, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """With ACCOUNTS_SIGNUP=approval, a first single sign-on makes an account that waits: the
    browser is sent to the sign-in page told so (`refused`), not shown the API's JSON."""
    settings = {
        "public_url": PUBLIC_URL,
        "oidc_issuer": provider.issuer,
        "oidc_client_id": CLIENT_ID,
        "oidc_client_secret": CLIENT_SECRET,
        "accounts_signup": "approval",
    }
    with accounts_app(tmp_path_factory.mktemp("approval"), **settings) as client:
        browser = new_browser(client)
        refused(browser.get(round_trip(browser, PUBLIC_URL), follow_redirects=False), "refused")
        assert browser.get("/auth/me").json()["user"] is None
