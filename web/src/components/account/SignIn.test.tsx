import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { App } from "../../App";
import { GUEST_KEY, TOKEN_KEY } from "../../api";
import { sse, streamResponse } from "../../test/fixtures";

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

const calls: { url: string; auth: string | null }[] = [];
const TOKEN = "alice-token-0123456789abcdef";

function turn(): Response {
  return streamResponse([
    sse({ type: "session", session_id: "g1" }),
    sse({ type: "token", content: "It's noon." }),
    sse({ type: "done", session_id: "g1" }),
  ]);
}

beforeEach(() => {
  calls.length = 0;
  window.localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const auth = new Headers(init?.headers).get("Authorization");
      calls.push({ url, auth });
      if (url === "/chat/public/stream") return turn();
      if (auth !== `Bearer ${TOKEN}`) return json({ detail: "a valid bearer token is required" }, 401);
      if (url === "/chat/stream") return turn();
      if (url === "/sessions") return json({ sessions: [] });
      if (url === "/memory/preferences") return json({ preferences: {} });
      return json({ title: "Time" });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function ask(text: string) {
  await userEvent.type(screen.getByLabelText("Message PropSearch"), `${text}{Enter}`);
}

describe("signing in", () => {
  it("asks for a token on 401 and lets a guest chat through /chat/public", async () => {
    render(<App />);
    expect(await screen.findByRole("dialog", { name: /Sign in/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Continue as guest" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(window.localStorage.getItem(GUEST_KEY)).toBe("true");
    calls.length = 0;
    await ask("what time is it?");
    expect(await screen.findByText("It's noon.")).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(["/chat/public/stream"]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("sends the pasted token on every call and forgets it on sign-out", async () => {
    render(<App />);
    await userEvent.type(await screen.findByLabelText("Access token"), TOKEN);
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(JSON.stringify(TOKEN));
    await ask("what time is it?");
    expect(await screen.findByText("It's noon.")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === "/chat/stream")).toBe(true));
    const signedIn = calls.slice(calls.findIndex((c) => c.auth !== null));
    expect(signedIn.every((c) => c.auth === `Bearer ${TOKEN}`)).toBe(true);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("null");
    expect(await screen.findByRole("dialog", { name: /Sign in/ })).toBeInTheDocument();
  });
});
