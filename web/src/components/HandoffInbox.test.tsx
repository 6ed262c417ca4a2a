import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import type { Handoff } from "../types";
import { HandoffInbox } from "./HandoffInbox";

const tour: Handoff = {
  id: "h1",
  user: "alice",
  skill: "real_estate",
  kind: "tour",
  title: "Tour request for 12 Oak St, Austin, TX 78745",
  summary: "12 Oak St · $400,000 — Saturday 5 December 2026, 9 am–12 pm (America/Chicago)",
  details: { url: "https://www.zillow.com/homedetails/1_zpid/", contact: "al@example.com" },
  at: "2026-11-28T15:00:00Z",
  handled_at: null,
  handled_by: null,
  replies: [{ at: "2026-11-28T15:05:00Z", by: "agnes", text: "Is 10 am fine?" }],
};

describe("HandoffInbox", () => {
  it("links the listing, shows the contact and the answers, and sends an answer", async () => {
    const onReply = vi.fn();
    render(<HandoffInbox handoffs={[tour]} onHandled={() => {}} onReply={onReply} />);
    expect(screen.getByRole("link", { name: "View the listing" })).toHaveAttribute("href", tour.details.url);
    expect(screen.getByTestId("handoff-contact")).toHaveTextContent("Contact: al@example.com");
    expect(screen.getByTestId("handoff-reply")).toHaveTextContent("agnes: Is 10 am fine?");
    await userEvent.type(screen.getByRole("textbox", { name: `Answer: ${tour.title}` }), "Saturday 10 am works");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onReply).toHaveBeenCalledWith("h1", "Saturday 10 am works");
  });
});
