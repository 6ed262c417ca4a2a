"""Accounts in a real browser (issue 49): a real server with ACCOUNTS=on and panva's
oidc-provider. The first admin from the setup code, a sign-up an admin approves, password and
single sign-on sign-ins, a guest's way to sign in and back, an agent's inbox, the admin page
(a role changed, a person disabled), an API key made, used over HTTP and revoked. Every screen
is checked as the tour checks it (nothing internal shown, a document that never scrolls, axe)
and kept as a screenshot under tests/e2e/output/accounts/."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.accounts.openid_provider import CLIENT_ID, CLIENT_SECRET, missing, openid_provider
from tests.e2e.conftest import FRESH_CHAT_SCRIPT, _block_external
from tests.e2e.helpers import ask, count_chat_requests, search, wait_for_answer
from tests.e2e.tour import Tour
from tests.servers import free_port, free_port_window, start_with, uvicorn_command

OUTPUT = Path(__file__).resolve().parent / "output" / "accounts"
SIZE = {"width": 1280, "height": 900}
ADA = ("Ada", "ada@example.com", "ada's long password")
BOB = ("Bob", "bob@example.com", "bob's long password")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(missing() is not None, reason=missing() or ""),
]


@dataclass
class Site:
    url: str
    memory: Path


@pytest.fixture(scope="module")
def site(web_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The server with accounts (sign-up needs approval) and the provider, whose one user
    (Rita) is an agent."""
    folder = tmp_path_factory.mktemp("accounts-e2e")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with openid_provider(folder, f"{url}/auth/oidc/callback", role="agent") as provider:
        server = start_with(
            uvicorn_command,
            folder / "memory",
            free_port_window(),
            port=port,
            ACCOUNTS="on",
            ACCOUNTS_SIGNUP="approval",
            PUBLIC_URL=url,
            OIDC_ISSUER=provider.issuer,
            OIDC_CLIENT_ID=CLIENT_ID,
            OIDC_CLIENT_SECRET=CLIENT_SECRET,
        )
        try:
            yield Site(url, folder / "memory")
        finally:
            server.stop()


@pytest.fixture
def open_page(browser: Any, site: Site) -> Iterator[Any]:
    """Opens a page in a browser of its own (own cookies), failing on any uncaught JS error."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_one(path: str = "/") -> Page:
        context = browser.new_context(viewport=SIZE, base_url=site.url)
        context.route("**/*", _block_external)
        context.add_init_script(FRESH_CHAT_SCRIPT)
        contexts.append(context)
        page: Page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(path)
        return page

    yield open_one
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def look(tour: Tour, page: Page, step: str) -> None:
    """The tour's checks and a screenshot of `page` as it is now."""
    tour.page = page
    tour.check(step)


def dialog(page: Page, title: str) -> Any:
    found = page.get_by_role("dialog", name=title)
    expect(found).to_be_visible()
    return found


def fill_account(form: Any, name: str, email: str, password: str) -> None:
    form.get_by_label("Name").fill(name)
    form.get_by_label("Email").fill(email)
    form.get_by_label("Password (10 characters or more)").fill(password)


def sign_in(page: Page, email: str, password: str) -> None:
    form = dialog(page, "Sign in to PropSearch")
    form.get_by_label("Email").fill(email)
    form.get_by_label("Password").fill(password)
    form.get_by_role("button", name="Sign in", exact=True).click()


def first_admin(page: Page, site: Site, tour: Tour) -> None:
    form = dialog(page, "Create the first administrator")
    look(tour, page, "first-run")
    form.get_by_label("Setup code").fill(
        (site.memory / "accounts" / "setup-code").read_text().strip()
    )
    fill_account(form, *ADA)
    form.get_by_role("button", name="Create administrator").click()
    expect(page.get_by_role("button", name="Ada")).to_be_visible()


def sign_up_waits(page: Page, tour: Tour) -> None:
    look(tour, page, "sign-in")
    dialog(page, "Sign in to PropSearch").get_by_role("button", name="Create an account").click()
    form = dialog(page, "Create your account")
    fill_account(form, *BOB)
    look(tour, page, "sign-up")
    form.get_by_role("button", name="Create account").click()
    dialog(page, "Waiting for approval")
    look(tour, page, "waiting-for-approval")
    page.get_by_role("button", name="Back to sign in").click()
    sign_in(page, BOB[1], BOB[2])
    expect(page.get_by_role("alert")).to_contain_text("waits for an administrator's approval")


def approve_and_invite(admin: Page, tour: Tour) -> None:
    admin.get_by_role("button", name="Admin").click()
    admin.get_by_role("button", name="Approve Bob").click()
    expect(admin.get_by_role("button", name="Disable Bob")).to_be_visible()
    admin.get_by_label("Email to invite").fill("cy@example.com")
    admin.get_by_role("button", name="Invite", exact=True).click()
    expect(admin.get_by_test_id("invitation-link")).to_contain_text("?invitation=")
    look(tour, admin, "admin")


def api_key_round_trip(page: Page, site: Site, tour: Tour) -> None:
    """A key made on the account page acts as its owner over HTTP until it is revoked."""
    page.get_by_role("button", name="Bob").click()
    page.get_by_label("Name of the new key").fill("laptop")
    page.get_by_role("button", name="Create key").click()
    key = page.get_by_test_id("new-key-value").inner_text().strip()
    look(tour, page, "account-new-key")
    headers = {"Authorization": f"Bearer {key}"}
    me = httpx.get(f"{site.url}/auth/me", headers=headers, timeout=30)
    assert (me.status_code, me.json()["user"]["email"], me.json()["via"]) == (200, BOB[1], "key")
    page.get_by_role("button", name="Revoke laptop").click()
    expect(page.get_by_test_id("api-key-row")).to_have_count(0)
    assert httpx.get(f"{site.url}/auth/me", headers=headers, timeout=30).status_code == 401
    assert httpx.get(f"{site.url}/sessions", headers=headers, timeout=30).status_code == 401
    page.get_by_role("button", name="Back to the chat").click()


def admin_changes_bob(admin: Page, bob: Page, tour: Tour) -> None:
    """A role change shows at Bob's next page load (and in the audit at once, the page still
    open); disabling fails his next request."""
    audit = admin.get_by_role("region", name="Sign-in events")
    expect(audit).not_to_contain_text("role change")
    admin.get_by_label("Role of Bob").select_option("agent")
    expect(admin.get_by_label("Role of Bob")).to_have_value("agent")
    expect(audit).to_contain_text("role change")
    bob.reload()
    expect(bob.get_by_test_id("handoff-inbox")).to_be_visible()
    admin.get_by_role("button", name="Disable Bob").click()
    expect(admin.get_by_role("button", name="Enable Bob")).to_be_visible()
    expect(audit).to_contain_text("status change")
    look(tour, admin, "admin-disabled")
    status = bob.evaluate("async () => (await fetch('/sessions')).status")
    assert status == 401
    bob.reload()
    dialog(bob, "Sign in to PropSearch")


def guest_signs_in_and_returns(page: Page, tour: Tour) -> None:
    """A guest's heart asks to sign in; its button leads to the sign-in page and back."""
    dialog(page, "Sign in to PropSearch").get_by_role("button", name="Continue as guest").click()
    cards = search(page)
    cards.first.get_by_role("button", name=re.compile("^Save ")).click()
    notice = page.get_by_test_id("save-notice")
    expect(notice).to_contain_text("Sign in to save homes")
    look(tour, page, "guest-asked-to-sign-in")
    notice.get_by_role("button", name="Sign in").click()
    sign_in(page, ADA[1], ADA[2])
    expect(page.get_by_role("button", name="Ada")).to_be_visible()
    expect(page.get_by_test_id("property-card").first).to_be_visible()  # the same conversation
    expect(page.get_by_test_id("save-notice")).to_have_count(0)
    expect(page.get_by_role("alert")).to_have_count(0)
    look(tour, page, "guest-back-signed-in")


def single_sign_on_agent(page: Page, admin: Page, tour: Tour) -> None:
    """Rita, an agent at the provider, signs in with it: first waiting for approval (sign-up
    needs it), then, approved, she searches as a guest, signs in with it from the guest's
    button and lands back in her conversation, with the agents' inbox."""
    sso = "Sign in with single sign-on"
    dialog(page, "Sign in to PropSearch").get_by_role("link", name=sso).click()
    expect(page.get_by_role("alert")).to_contain_text(
        "waits for an administrator's approval", timeout=30_000
    )
    admin.get_by_role("button", name="Back to the chat").click()
    admin.get_by_role("button", name="Admin").click()
    admin.get_by_role("button", name="Approve Rita").click()
    expect(admin.get_by_role("button", name="Disable Rita")).to_be_visible()
    page.goto("/")
    dialog(page, "Sign in to PropSearch").get_by_role("button", name="Continue as guest").click()
    cards = search(page)
    shown = cards.first.text_content() or ""
    cards.first.get_by_role("button", name=re.compile("^Save ")).click()
    page.get_by_test_id("save-notice").get_by_role("button", name="Sign in").click()
    dialog(page, "Sign in to PropSearch").get_by_role("link", name=sso).click()
    expect(page.get_by_role("button", name="Rita")).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("property-card").first).to_have_text(shown)  # her conversation
    sent = count_chat_requests(page)  # from now on as Rita, no longer as a guest
    ask(page, "which of them is the largest?")
    wait_for_answer(page)
    assert len(sent) == 1
    expect(page.get_by_test_id("handoff-inbox")).to_be_visible()
    expect(page.get_by_role("button", name="Admin")).to_have_count(0)
    look(tour, page, "agent-inbox-after-sso")


def forgot_password(page: Page, tour: Tour) -> None:
    """The reset request says the same whether or not the email has an account."""
    dialog(page, "Sign in to PropSearch").get_by_role("button", name="Forgot password?").click()
    form = dialog(page, "Reset your password")
    form.get_by_label("Email").fill("nobody@example.com")
    form.get_by_role("button", name="Email me a link").click()
    expect(form.get_by_role("status")).to_contain_text("If an account uses that email")
    look(tour, page, "reset-requested")


def test_accounts_in_the_browser(open_page: Any, site: Site) -> None:
    shutil.rmtree(OUTPUT, ignore_errors=True)  # only this run's screenshots
    admin = open_page()
    tour = Tour(admin, f"{SIZE['width']}x{SIZE['height']}", output=OUTPUT)
    first_admin(admin, site, tour)
    sign_up_waits(open_page(), tour)
    approve_and_invite(admin, tour)
    bob = open_page()
    sign_in(bob, BOB[1], BOB[2])
    expect(bob.get_by_role("button", name="Bob")).to_be_visible()
    api_key_round_trip(bob, site, tour)
    admin_changes_bob(admin, bob, tour)
    guest_signs_in_and_returns(open_page(), tour)
    single_sign_on_agent(open_page(), admin, tour)
    forgot_password(open_page(), tour)
    for path, title in [
        ("/?invitation=a-wrong-one", "Accept your invitation"),
        ("/?reset=a-wrong-one", "Choose a new password"),
    ]:
        page = open_page(path)
        dialog(page, title)
        look(tour, page, title.lower().replace(" ", "-"))
    assert tour.report() == {"leaks": {}, "layout": {}, "axe": {}}
