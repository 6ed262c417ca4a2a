import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { App } from "./App";

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

/** A server that answers as the role given; the URLs the page requested, in order. */
function serveAs(role: string): string[] {
  const requested: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      requested.push(url);
      if (url === "/me") return json({ user: "pat", role });
      if (url === "/sessions") return json({ sessions: [] });
      if (url === "/memory/preferences") return json({ preferences: {} });
      if (url === "/memory/changes") return json({ changes: [] });
      if (url === "/alerts") return json({ alerts: [], unread: 0 });
      if (url === "/handoffs") {
        return role === "user" ? json({ detail: "The handoff inbox is for agents and admins." }, 403) : json({ handoffs: [], open: 0 });
      }
      return json({ detail: "Not Found" }, 404);
    }),
  );
  return requested;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("requests a role may make", () => {
  it("never asks for the handoff inbox as a plain user", async () => {
    const requested = serveAs("user");
    render(<App />);
    await waitFor(() => expect(requested).toContain("/me"));
    await waitFor(() => expect(requested).toContain("/memory/changes"));
    expect(requested).not.toContain("/handoffs");
    expect(screen.queryByTestId("handoff-inbox")).not.toBeInTheDocument();
  });

  it("shows an agent their inbox", async () => {
    const requested = serveAs("agent");
    render(<App />);
    expect(await screen.findByTestId("handoff-inbox")).toHaveTextContent("No requests yet.");
    expect(requested.indexOf("/me")).toBeLessThan(requested.indexOf("/handoffs"));
  });
});
