/** The UI side of contract C3: hearts, comparison, the change log with undo, confirmations. */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { App } from "./App";
import { GUEST_SAVE_NOTICE } from "./hooks/useSavedHomes";
import { json, listings, sse, streamResponse, stubApi } from "./test/fixtures";
import type { MemoryChange, PreferenceEntry } from "./types";

afterEach(() => vi.unstubAllGlobals());

const searchTurn = () =>
  streamResponse([
    sse({ type: "session", session_id: "s1" }),
    sse({ type: "data", data: { type: "listings", items: listings, total: 3 } }),
    sse({ type: "token", content: "I found 3 homes." }),
    sse({ type: "done", session_id: "s1" }),
  ]);

function api(routes: Record<string, (body: unknown) => Response | Promise<Response>> = {}) {
  return stubApi(
    {
      "GET /sessions": () => json({ sessions: [] }),
      "GET /sessions/s1/title": () => json({ title: "Homes" }),
      "POST /chat/stream": () => searchTurn(),
      ...routes,
    },
    vi.stubGlobal,
  );
}

async function searchFor(text = "3-bed houses") {
  await userEvent.type(screen.getByLabelText("Message PropSearch"), `${text}{Enter}`);
  return screen.findAllByTestId("property-card");
}

const saved = (zpid: string, value: string): PreferenceEntry => ({ entry_type: "SAVED", key: `home_${zpid}`, value });

describe("hearts", () => {
  it("shows saved homes as pressed and saves another through POST /tools/save_home", async () => {
    let entries = [saved("2", "12 Oak St · $450,000")];
    const calls = api({
      "GET /memory/preferences": () => json({ preferences: { real_estate: entries } }),
      "POST /tools/save_home": () => {
        entries = [...entries, saved("3", "7 Elm Ave · $399,000")];
        return json({ result: { type: "memory_write", entry_type: "SAVED", key: "home_3" } });
      },
    });
    render(<App />);
    const cards = await searchFor();
    const heart = (i: number) => within(cards[i]!).getByRole("button", { name: /^Save / });
    await waitFor(() => expect(heart(1)).toHaveAttribute("aria-pressed", "true"));
    expect(heart(2)).toHaveAttribute("aria-pressed", "false");

    await userEvent.click(heart(2));

    expect(calls.find((c) => c.url === "/tools/save_home")?.body).toEqual({ params: { zpid: "3" }, ask: true });
    await waitFor(() => expect(heart(2)).toHaveAttribute("aria-pressed", "true"));
    expect(screen.queryByTestId("save-notice")).not.toBeInTheDocument();
  });

  it("removes a saved home, and reverts with the server's reason when refused", async () => {
    const calls = api({
      "GET /memory/preferences": () => json({ preferences: { real_estate: [saved("2", "12 Oak St")] } }),
      "POST /tools/remove_saved_home": () => json({ detail: "Sign in to save homes" }, 403),
    });
    render(<App />);
    const cards = await searchFor();
    const heart = within(cards[1]!).getByRole("button", { name: /^Save / });
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));

    await userEvent.click(heart);

    expect(calls.find((c) => c.url === "/tools/remove_saved_home")?.body).toEqual({ params: { zpid: "2" }, ask: true });
    expect(await screen.findByTestId("save-notice")).toHaveTextContent("Sign in to save homes");
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));
  });

  it("removes a home that needs a yes by asking for the token first, never through a 409", async () => {
    let entries = [saved("2", "12 Oak St")];
    const calls = api({
      "GET /memory/preferences": () => json({ preferences: { real_estate: entries } }),
      "POST /tools/remove_saved_home": (body) => {
        if (!(body as { confirm?: string }).confirm) return json({ question: "Remove this home?", confirm: "t1" });
        entries = [];
        return json({ result: { type: "memory_write", op: "delete" } });
      },
    });
    render(<App />);
    const cards = await searchFor();
    const heart = within(cards[1]!).getByRole("button", { name: /^Save / });
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));

    await userEvent.click(heart);

    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "false"));
    const removes = calls.filter((c) => c.url === "/tools/remove_saved_home").map((c) => c.body);
    expect(removes).toEqual([
      { params: { zpid: "2" }, ask: true },
      { params: { zpid: "2" }, confirm: "t1", ask: true },
    ]);
  });

  it("asks a guest to sign in and writes nothing", async () => {
    window.localStorage.setItem("propsearch.guest", "true");
    const calls = api({ "POST /chat/public/stream": () => searchTurn() });
    render(<App />);
    const cards = await searchFor();

    await userEvent.click(within(cards[0]!).getByRole("button", { name: /^Save / }));

    expect(screen.getByTestId("save-notice")).toHaveTextContent(GUEST_SAVE_NOTICE);
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith("/tools") || c.url.startsWith("/memory"))).toEqual([]);
    expect(within(cards[0]!).getByRole("button", { name: /^Compare / })).toBeInTheDocument(); // a guest tool
  });
});

describe("comparison", () => {
  const comparison = {
    type: "comparison",
    items: [listings[0], listings[2]],
    rows: [
      { field: "price", label: "Price", values: [489000, 399000], best: 1 },
      { field: "year_built", label: "Year built", values: [1950, null], best: null },
      { field: "price_per_sqft", label: "$/sqft", values: [295.6, 241.2], best: 1 },
    ],
  };

  it("compares the picked homes side by side with the best value marked", async () => {
    const calls = api({ "POST /tools/compare_properties": () => json({ result: comparison }) });
    render(<App />);
    const cards = await searchFor();
    const compareButton = screen.getByRole("button", { name: /^Compare homes/ });
    expect(compareButton).toBeDisabled();
    await userEvent.click(within(cards[2]!).getByRole("button", { name: /^Compare / }));
    await userEvent.click(within(cards[0]!).getByRole("button", { name: /^Compare / }));

    await userEvent.click(screen.getByRole("button", { name: "Compare (2)" }));

    expect(calls.find((c) => c.url === "/tools/compare_properties")?.body).toEqual({
      params: { zpids: ["29324909", "3"] },
      ask: true,
    });
    const table = await screen.findByRole("table");
    const price = within(table).getByRole("row", { name: /Price/ });
    expect(within(price).getAllByRole("cell").map((c) => c.textContent)).toEqual(["$489,000", "$399,000best"]);
    expect(within(table).getByRole("row", { name: /Year built/ })).toHaveTextContent("Year built1950—");
    expect(within(table).getByRole("row", { name: /sqft/ })).toHaveTextContent("$296/sqft");
    expect(table.querySelectorAll("[data-best]")).toHaveLength(2);
  });

  it("renders a comparison the agent sends in the chat", async () => {
    api({
      "POST /chat/stream": () =>
        streamResponse([
          sse({ type: "data", data: comparison }),
          sse({ type: "token", content: "Here they are side by side." }),
          sse({ type: "done", session_id: "s1" }),
        ]),
    });
    render(<App />);
    await userEvent.type(screen.getByLabelText("Message PropSearch"), "compare the first two{Enter}");
    expect(await screen.findByRole("region", { name: "Comparison table" })).toHaveTextContent("7 Elm Ave");
  });
});

describe("what I remember", () => {
  it("lists recent changes and undoes one", async () => {
    let changes: MemoryChange[] = [
      { id: "c2", skill: "real_estate", entry_type: "SAVED", key: "home_2", old: null, new: "12 Oak St · $450,000", at: "2026-11-24T10:00:00Z", message: "save the second one" },
      { id: "c1", skill: "real_estate", entry_type: "PREFERENCE", key: "budget_max", old: "$500,000", new: null, at: "2026-11-24T09:00:00Z", message: "forget my budget" },
    ];
    const calls = api({
      "GET /memory/preferences": () => json({ preferences: {} }),
      "GET /memory/changes": () => json({ changes }),
      "POST /memory/changes/c1/undo": () => {
        changes = [{ ...changes[1]!, id: "c3", old: null, new: "$500,000", message: null }, ...changes];
        return json({ change: changes[0] });
      },
    });
    render(<App />);
    const log = await screen.findByTestId("change-log");
    const items = within(log).getAllByTestId("change-item");
    expect(items[0]).toHaveTextContent("Saved home: 12 Oak St · $450,000");
    expect(items[0]).toHaveTextContent("“save the second one”");
    expect(items[1]).toHaveTextContent("Forgot budget max (was $500,000)");

    await userEvent.click(within(log).getByRole("button", { name: "Undo: Forgot budget max (was $500,000)" }));

    expect(calls.some((c) => c.method === "POST" && c.url === "/memory/changes/c1/undo")).toBe(true);
    await waitFor(() => expect(within(log).getAllByTestId("change-item")[0]).toHaveTextContent("Remembered budget max: $500,000"));
  });
});

describe("confirmations", () => {
  it("shows confirm/cancel for a paused run and resumes it with the answer", async () => {
    const calls = api({
      "POST /chat/stream": (body) =>
        (body as { confirm?: unknown }).confirm
          ? streamResponse([sse({ type: "token", content: " Cancelled: I kept your budget." }), sse({ type: "done", session_id: "s1" })])
          : streamResponse([
              sse({ type: "session", session_id: "s1" }),
              sse({ type: "token", content: "One moment." }),
              sse({ type: "confirm", id: "k1", question: "Forget your budget max?", tool: "forget_preference", args: { key: "budget_max" } }),
              sse({ type: "done", session_id: "s1" }),
            ]),
    });
    render(<App />);
    await userEvent.type(screen.getByLabelText("Message PropSearch"), "forget my budget{Enter}");
    const prompt = await screen.findByRole("group", { name: "Forget your budget max?" });

    await userEvent.click(within(prompt).getByRole("button", { name: "Cancel" }));

    const resumed = calls.filter((c) => c.url === "/chat/stream").at(-1);
    expect(resumed?.body).toEqual({ session_id: "s1", confirm: { id: "k1", approve: false } });
    expect(await screen.findByText(/Cancelled: I kept your budget\./)).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Forget your budget max?" })).not.toBeInTheDocument();
    expect(screen.getAllByTestId("user-message")).toHaveLength(1);
  });
});
