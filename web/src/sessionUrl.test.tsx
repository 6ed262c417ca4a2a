import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { App } from "./App";
import { json, sse, streamResponse, stubApi } from "./test/fixtures";

afterEach(() => vi.unstubAllGlobals());

const stored = (id: string, user: string) =>
  json({ id, turns: [{ user, assistant: `Answer to ${user}`, data: null, hints: null }] });

function api(sessions: { id: string }[] = []) {
  return stubApi(
    {
      "GET /sessions": () => json({ sessions }),
      "GET /sessions/old/title": () => json({ title: "Old" }),
      "GET /sessions/new1/title": () => json({ title: "New" }),
      "GET /sessions/old": () => stored("old", "an older question"),
      "GET /sessions/new1": () => stored("new1", "a new question"),
      "POST /chat/stream": () =>
        streamResponse([
          sse({ type: "session", session_id: "new1" }),
          sse({ type: "token", content: "Hello." }),
          sse({ type: "done", session_id: "new1" }),
        ]),
    },
    vi.stubGlobal,
  );
}

describe("the session in the address", () => {
  it("opens the most recent session at a plain address", async () => {
    api([{ id: "old" }]);
    render(<App />);
    expect(await screen.findByText("an older question")).toBeInTheDocument();
    expect(window.location.search).toBe("?s=old");
  });

  it("opens the session named in the address", async () => {
    window.history.replaceState(null, "", "/?s=new1");
    api([{ id: "old" }, { id: "new1" }]);
    render(<App />);
    expect(await screen.findByText("a new question")).toBeInTheDocument();
  });

  it("follows a new chat's session, and Back returns to the previous one", async () => {
    api([{ id: "old" }]);
    render(<App />);
    await screen.findByText("an older question");

    await userEvent.click(screen.getByRole("button", { name: "New chat" }));
    expect(window.location.search).toBe("");
    await userEvent.type(screen.getByLabelText("Message PropSearch"), "hi{Enter}");
    await waitFor(() => expect(window.location.search).toBe("?s=new1"));

    act(() => {
      window.history.back();
    });
    expect(await screen.findByText("an older question")).toBeInTheDocument();
    expect(window.location.search).toBe("?s=old");
  });
});
