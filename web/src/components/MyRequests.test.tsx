import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import type { Handoff } from "../types";
import { MyRequests } from "./MyRequests";

const waiting: Handoff = {
  id: "h1",
  user: "alice",
  skill: "real_estate",
  kind: "tour",
  title: "Tour request for 12 Oak St, Austin, TX 78745",
  summary: "12 Oak St · $400,000 — Saturday 5 December 2026, 9 am–12 pm (America/Chicago)",
  details: { zpid: "29401984", times: "Saturday 5 December 2026, 9 am–12 pm (America/Chicago)", contact: "al@example.com" },
  at: "2026-11-28T15:00:00Z",
  handled_at: null,
  handled_by: null,
  replies: [],
};
const answered: Handoff = {
  ...waiting,
  id: "h2",
  handled_at: "2026-11-28T16:00:00Z",
  handled_by: "agnes",
  replies: [{ at: "2026-11-28T16:00:00Z", by: "agnes", text: "See you at 10 am" }],
};

describe("MyRequests", () => {
  it("shows each request's dates and status, and the agent's answer, without ids", () => {
    render(<MyRequests requests={[answered, waiting]} />);
    const [first, second] = screen.getAllByTestId("my-request");
    expect(first).toHaveTextContent("Saturday 5 December 2026, 9 am–12 pm");
    expect(first).toHaveTextContent(/Handled by an agent on/);
    expect(first).toHaveTextContent("The agent answered: See you at 10 am");
    expect(second).toHaveTextContent("Waiting for an agent");
    expect(screen.getByTestId("my-requests")).not.toHaveTextContent("29401984");
  });

  it("says a request made with no time is for any time that suits the agent", () => {
    const open: Handoff = { ...waiting, id: "h3", details: { ...waiting.details, times: "any time that suits the agent" } };
    render(<MyRequests requests={[open]} />);
    expect(screen.getByTestId("my-request-times")).toHaveTextContent(/^Any time that suits the agent$/);
  });

  it("shows nothing when the buyer has asked for nothing", () => {
    const { container } = render(<MyRequests requests={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
