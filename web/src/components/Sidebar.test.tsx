import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { App } from "../App";
import { TITLES_KEY } from "../hooks/useSessions";
import { listings } from "../test/fixtures";

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

const turn = (user: string) => ({
  user,
  assistant: "I found 3 homes.\n\n1. …",
  data: { type: "listings", items: listings, total: 3 },
  hints: ["Sort by price"],
});

let sessions: { id: string; title: string | null }[];
let preferences: { entry_type: string; key: string; value: string }[];
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  sessions = [
    { id: "alpha-session-1", title: "Austin houses" },
    { id: "bravo-session-2", title: null },
    { id: "charlie-session-3", title: null },
  ];
  preferences = [{ entry_type: "PREFERENCE", key: "budget_max", value: "$500,000" }];
  window.localStorage.setItem(TITLES_KEY, JSON.stringify({ "charlie-session-3": "Cached title" }));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push(`${method} ${url}`);
      if (url === "/sessions") return json({ sessions });
      if (url === "/memory/preferences") return json({ preferences: { real_estate: preferences } });
      if (method === "DELETE" && url.startsWith("/memory/preferences/")) {
        preferences = [];
        return new Response(null, { status: 204 });
      }
      if (url.endsWith("/title")) return json({ title: "Fetched title" });
      const match = /^\/sessions\/([\w-]+)$/.exec(url);
      if (match && method === "DELETE") {
        sessions = sessions.filter((s) => s.id !== match[1]);
        return new Response(null, { status: 204 });
      }
      if (match) return json({ id: match[1], title: null, messages: [], turns: [turn(`question ${match[1]}`)] });
      return json({ detail: "Not Found" }, 404);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("Sidebar and memory", () => {
  it("titles sessions from the list, the cache, or the title endpoint", async () => {
    render(<App />);
    const list = await screen.findByTestId("session-list");
    expect(within(list).getByText("Austin houses")).toBeInTheDocument();
    expect(within(list).getByText("Cached title")).toBeInTheDocument();
    expect(await within(list).findByText("Fetched title")).toBeInTheDocument();
    expect(calls).toContain("GET /sessions/bravo-session-2/title");
    expect(calls).not.toContain("GET /sessions/charlie-session-3/title");
  });

  it("rebuilds a session's cards when it is opened", async () => {
    render(<App />);
    await userEvent.click(await screen.findByRole("button", { name: "Austin houses" }));
    expect(await screen.findAllByTestId("property-card")).toHaveLength(3);
    expect(screen.getByTestId("user-message")).toHaveTextContent("question alpha-session-1");
    expect(screen.getByRole("button", { name: /Sort by price/ })).toBeInTheDocument();
  });

  it("deleting the open session selects the next one", async () => {
    render(<App />);
    await userEvent.click(await screen.findByRole("button", { name: "Austin houses" }));
    await screen.findAllByTestId("property-card");
    await userEvent.click(screen.getByRole("button", { name: "Delete chat Austin houses" }));
    await waitFor(() => expect(screen.getByTestId("user-message")).toHaveTextContent("bravo-session-2"));
    expect(calls).toContain("DELETE /sessions/alpha-session-1");
    expect(screen.queryByRole("button", { name: "Austin houses" })).not.toBeInTheDocument();
  });

  it("lists remembered preferences and forgets one", async () => {
    render(<App />);
    expect(await screen.findByText("What I remember")).toBeInTheDocument();
    expect(screen.getByText("$500,000")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Forget budget max" }));
    expect(calls).toContain("DELETE /memory/preferences/real_estate/budget_max");
    await waitFor(() => expect(screen.queryByText("$500,000")).not.toBeInTheDocument());
  });
});
