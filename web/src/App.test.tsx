import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { App } from "./App";
import { detailRequest } from "./requests";
import { listing, listings, sse, streamResponse } from "./test/fixtures";

type Handler = (body: { message: string; session_id?: string }) => Response | Promise<Response>;

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

let chat: Handler;
let rejoin: (init?: RequestInit) => Response = () => json({ detail: "Not Found" }, 404);
let stored: unknown = { detail: "Not Found" };
const withId = (id: string, event: object) => `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;
const chatBodies: { message: string; session_id?: string }[] = [];

function searchTurn(): Response {
  return streamResponse([
    sse({ type: "session", session_id: "s1" }),
    sse({ type: "step", id: "c1", name: "search_properties", label: "Searching listings…", status: "start" }),
    sse({ type: "step", id: "c1", name: "search_properties", status: "end", ms: 42, summary: "3 results" }),
    sse({ type: "data", data: { type: "listings", items: listings, total: 3 } }),
    sse({ type: "token", content: "I found 3 homes.\n\n" }),
    sse({ type: "token", content: "1. 2306 Shoal Creek Blvd" }),
    sse({ type: "hints", hints: ["Only houses with a pool", "Sort by price", "Closer to downtown"] }),
    sse({ type: "done", session_id: "s1" }),
  ]);
}

beforeEach(() => {
  chatBodies.length = 0;
  rejoin = () => json({ detail: "Not Found" }, 404);
  stored = { detail: "Not Found" };
  chat = () => searchTurn();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === "/chat/stream") {
        const body = JSON.parse(String(init?.body)) as { message: string; session_id?: string };
        chatBodies.push(body);
        return chat(body);
      }
      if (url === "/sessions/s1/stream") return rejoin(init);
      if (url === "/sessions/s1") return json(stored, stored && typeof stored === "object" && "turns" in stored ? 200 : 404);
      if (url === "/sessions") return json({ sessions: [] });
      if (url.endsWith("/title")) return json({ title: "3-bed houses in Austin" });
      if (url === "/memory/preferences") return json({ detail: "Not Found" }, 404);
      return json({ detail: "Not Found" }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function ask(text: string) {
  const input = screen.getByLabelText("Message PropSearch");
  await userEvent.type(input, `${text}{Enter}`);
}

describe("App", () => {
  it("streams a search answer into an intro paragraph, cards, steps and hints", async () => {
    render(<App />);
    await ask("find me a 3-bed house in Austin under $500k");
    expect(await screen.findAllByTestId("property-card")).toHaveLength(3);
    expect(screen.getByTestId("assistant-text")).toHaveTextContent(/^I found 3 homes\.$/);
    expect(screen.getByText("Searching listings…")).toBeInTheDocument();
    expect(screen.getByText("42 ms")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /Only houses with a pool/ })).toBeInTheDocument();
    expect(chatBodies[0]).toEqual({ message: "find me a 3-bed house in Austin under $500k" });
    // The preferences endpoint answered 404: no panel.
    expect(screen.queryByTestId("preferences-panel")).not.toBeInTheDocument();
  });

  it("sends the detail request when a card is clicked, within the same session", async () => {
    render(<App />);
    await ask("houses in Austin");
    const cards = await screen.findAllByTestId("property-card");
    chat = () =>
      streamResponse([
        sse({ type: "data", data: { type: "detail", items: [{ ...listing, description: "Lovely." }] } }),
        sse({ type: "token", content: "Here are the details." }),
        sse({ type: "done", session_id: "s1" }),
      ]);
    await userEvent.click(within(cards[0]!).getByText(listing.address));
    expect(await screen.findByTestId("property-detail")).toHaveTextContent("Lovely.");
    expect(chatBodies[1]).toEqual({ message: detailRequest(listing), session_id: "s1" });
    expect(chatBodies[1]?.message).toBe(
      "Tell me more about 2306 Shoal Creek Blvd, Austin, TX 78705",
    );
  });

  it("sends a hint chip's text", async () => {
    render(<App />);
    await ask("houses in Austin");
    await userEvent.click(await screen.findByRole("button", { name: /Sort by price/ }));
    await waitFor(() => expect(chatBodies[1]?.message).toBe("Sort by price"));
  });

  it("sends an example prompt from the empty state", async () => {
    render(<App />);
    await userEvent.click(screen.getByRole("button", { name: /3-bed house in Austin/ }));
    await waitFor(() => expect(chatBodies).toHaveLength(1));
  });

  it("shows a network failure inline and retries it", async () => {
    chat = () => Promise.reject(new TypeError("Failed to fetch"));
    render(<App />);
    await ask("houses in Austin");
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not reach the PropSearch server.");
    chat = () => searchTurn();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("property-card")).toHaveLength(3);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getAllByTestId("user-message")).toHaveLength(1);
  });

  it("rejoins a turn whose connection dropped and shows each token once", async () => {
    chat = () =>
      streamResponse([
        withId("r1:1", { type: "session", session_id: "s1" }),
        withId("r1:2", { type: "token", content: "It is " }),
      ]); // the connection ends before `done`: the turn goes on in the server
    const asked: (string | null)[] = [];
    rejoin = (init) => {
      asked.push(new Headers(init?.headers).get("Last-Event-ID"));
      return streamResponse([
        withId("r1:3", { type: "token", content: "10:30." }),
        withId("r1:4", { type: "done", session_id: "s1" }),
      ]);
    };
    render(<App />);
    await ask("what time is it?");
    await waitFor(() => expect(screen.getByTestId("assistant-text")).toHaveTextContent(/^It is 10:30\.$/));
    expect(asked).toEqual(["r1:2"]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the session as stored when its turn can no longer be followed", async () => {
    chat = () => streamResponse([withId("r1:1", { type: "session", session_id: "s1" })]);
    rejoin = () => json({ detail: "no turn to rejoin" }, 404);
    stored = { id: "s1", turns: [{ user: "what time is it?", assistant: "It was 10:30." }] };
    render(<App />);
    await ask("what time is it?");
    expect(await screen.findByText("It was 10:30.")).toBeInTheDocument();
    expect(screen.getAllByTestId("user-message")).toHaveLength(1);
  });

  it("shows an error event with a retry button", async () => {
    chat = () =>
      streamResponse([sse({ type: "error", message: "Model unavailable" }), sse({ type: "done" })]);
    render(<App />);
    await ask("houses");
    expect(await screen.findByRole("alert")).toHaveTextContent("Model unavailable");
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
