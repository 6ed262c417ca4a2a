import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { App } from "../../App";
import { safeNext } from "../../accountsApi";
import { AccountsServer, person } from "../../test/accountsServer";

let server: AccountsServer;

function serve(signup = "approval", oidc = true) {
  server = new AccountsServer({ accounts: true, signup, oidc, setup_needed: false });
  vi.stubGlobal("fetch", vi.fn(server.fetch));
}

beforeEach(() => serve());

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = "propsearch_csrf=; max-age=0; path=/";
});

async function signIn(email: string, password: string) {
  const page = await screen.findByRole("dialog", { name: "Sign in to PropSearch" });
  await userEvent.type(within(page).getByLabelText("Email"), email);
  await userEvent.type(within(page).getByLabelText("Password"), password);
  await userEvent.click(within(page).getByRole("button", { name: "Sign in" }));
}

describe("the sign-in page", () => {
  it("offers password, single sign-on back to this page, sign-up and a reset", async () => {
    window.history.replaceState(null, "", "/?s=chat-7");
    render(<App />);
    const page = await screen.findByRole("dialog", { name: "Sign in to PropSearch" });
    const sso = within(page).getByRole("link", { name: "Sign in with single sign-on" });
    expect(sso.getAttribute("href")).toBe(`/auth/oidc/start?next=${encodeURIComponent("/?s=chat-7")}`);
    expect(within(page).getByRole("button", { name: "Create an account" })).toBeInTheDocument();
    expect(within(page).getByRole("button", { name: "Forgot password?" })).toBeInTheDocument();
  });

  it("says a wrong password in words of its own, with no hint whether the email exists", async () => {
    render(<App />);
    await signIn("nobody@example.com", "not the password");
    const problem = await screen.findByRole("alert");
    expect(problem).toHaveTextContent("That email and password do not match");
    expect(document.body.textContent).not.toMatch(/bearer|wrong email or password/i);
  });

  it("signs in with a password and shows the person, without the admin page for a user", async () => {
    server.users.push(person("cy", "user"));
    server.passwords["cy@example.com"] = "cy's long password";
    render(<App />);
    await signIn("cy@example.com", "cy's long password");
    expect(await screen.findByRole("button", { name: "Cy" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Admin" })).not.toBeInTheDocument();
    expect(server.seen.some((request) => request.url.startsWith("/admin/"))).toBe(false);
  });

  it("says in words why single sign-on sent the person back, and cleans the address", async () => {
    window.history.replaceState(null, "", "/?sso=refused");
    render(<App />);
    const page = await screen.findByRole("dialog", { name: "Sign in to PropSearch" });
    expect(within(page).getByRole("alert")).toHaveTextContent("waits for an administrator's approval");
    expect(window.location.search).toBe("");
    expect(document.body.textContent).not.toMatch(/detail|\{/);
    const sso = within(page).getByRole("link", { name: "Sign in with single sign-on" });
    expect(sso.getAttribute("href")).toBe(`/auth/oidc/start?next=${encodeURIComponent("/")}`);
  });

  it("hides sign-up when only invitations let people in", async () => {
    serve("invite", false);
    render(<App />);
    const page = await screen.findByRole("dialog", { name: "Sign in to PropSearch" });
    expect(within(page).queryByRole("button", { name: "Create an account" })).not.toBeInTheDocument();
    expect(within(page).queryByRole("link", { name: /single sign-on/ })).not.toBeInTheDocument();
    expect(page).toHaveTextContent("Ask an administrator for an invitation");
  });
});

describe("signing up and links", () => {
  it("tells a sign-up that waits for approval so", async () => {
    render(<App />);
    await userEvent.click(await screen.findByRole("button", { name: "Create an account" }));
    await userEvent.type(screen.getByLabelText("Name"), "Dee");
    await userEvent.type(screen.getByLabelText("Email"), "dee@example.com");
    await userEvent.type(screen.getByLabelText(/^Password/), "dee's long password");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("dialog", { name: "Waiting for approval" })).toBeInTheDocument();
    expect(server.seen.find((r) => r.url === "/auth/signup")?.body).toEqual({
      email: "dee@example.com",
      password: "dee's long password",
      name: "Dee",
    });
  });

  it("opens a reset link's page, takes the token out of the address, and explains a used link", async () => {
    window.history.replaceState(null, "", "/?reset=tok-123");
    render(<App />);
    const page = await screen.findByRole("dialog", { name: "Choose a new password" });
    expect(window.location.search).toBe("");
    await userEvent.type(within(page).getByLabelText(/New password/), "a new long password");
    await userEvent.click(within(page).getByRole("button", { name: "Save the new password" }));
    expect(await within(page).findByRole("alert")).toHaveTextContent("does not work any more");
    expect(server.seen.find((r) => r.url === "/auth/password-reset/confirm")?.body).toEqual({
      token: "tok-123",
      new_password: "a new long password",
    });
  });

  it("keeps `next` a path of this site", () => {
    expect(safeNext("/?s=abc")).toBe("/?s=abc");
    expect(safeNext("//evil.example/")).toBe("/");
    expect(safeNext("https://evil.example/")).toBe("/");
    expect(safeNext("/\\evil.example")).toBe("/");
  });
});

describe("the account and admin pages", () => {
  it("makes an API key shown once, lists it by name and revokes it, sending the CSRF header", async () => {
    server.signIn(server.users[0]!);
    render(<App />);
    await userEvent.click(await screen.findByRole("button", { name: "Ada" }));
    await userEvent.type(await screen.findByLabelText("Name of the new key"), "laptop");
    await userEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByTestId("new-key-value")).toHaveTextContent("psk_the-secret-shown-once");
    expect(await screen.findByRole("cell", { name: "laptop" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Revoke laptop" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "laptop" })).not.toBeInTheDocument());
    const writes = server.writes().map((r) => `${r.method} ${r.url} ${r.csrf}`);
    expect(writes).toEqual(["POST /api-keys csrf-of-this-session", "DELETE /api-keys/k1 csrf-of-this-session"]);
  });

  it("lets an admin approve a person and change a role, but not their own", async () => {
    server.signIn(server.users[0]!);
    render(<App />);
    await userEvent.click(await screen.findByRole("button", { name: "Admin" }));
    await userEvent.click(await screen.findByRole("button", { name: "Approve Bob" }));
    await userEvent.selectOptions(screen.getByLabelText("Role of Bob"), "agent");
    await waitFor(() => expect(screen.getByLabelText("Role of Bob")).toHaveValue("agent"));
    expect(screen.getByLabelText("Role of Ada")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Disable Ada" })).not.toBeInTheDocument();
    const patches = server.writes().map((r) => [r.url, r.body]);
    expect(patches).toEqual([
      ["/admin/users/bob", { status: "active" }],
      ["/admin/users/bob", { role: "agent" }],
    ]);
  });
});

describe("first run and invitations", () => {
  it("opens on the first administrator's setup and sends the code with the account", async () => {
    server = new AccountsServer({ accounts: true, signup: "invite", oidc: false, setup_needed: true });
    vi.stubGlobal("fetch", vi.fn(server.fetch));
    render(<App />);
    const page = await screen.findByRole("dialog", { name: "Create the first administrator" });
    await userEvent.type(within(page).getByLabelText("Setup code"), " code-42 ");
    await userEvent.type(within(page).getByLabelText("Name"), "Ada");
    await userEvent.type(within(page).getByLabelText("Email"), "ada@example.com");
    await userEvent.type(within(page).getByLabelText(/^Password/), "ada's long password");
    await userEvent.click(within(page).getByRole("button", { name: "Create administrator" }));
    await waitFor(() =>
      expect(server.seen.find((r) => r.url === "/auth/setup")?.body).toEqual({
        code: "code-42",
        email: "ada@example.com",
        password: "ada's long password",
        name: "Ada",
      }),
    );
    expect(await screen.findByRole("button", { name: "Admin" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("signs up with the invitation of the link it was opened with", async () => {
    serve("invite");
    window.history.replaceState(null, "", "/?invitation=inv-9");
    render(<App />);
    const page = await screen.findByRole("dialog", { name: "Accept your invitation" });
    await userEvent.type(within(page).getByLabelText("Email"), "cy@example.com");
    await userEvent.type(within(page).getByLabelText(/^Password/), "cy's long password");
    await userEvent.click(within(page).getByRole("button", { name: "Create account" }));
    await waitFor(() =>
      expect(server.seen.find((r) => r.url === "/auth/signup")?.body).toMatchObject({ invitation: "inv-9" }),
    );
  });
});
