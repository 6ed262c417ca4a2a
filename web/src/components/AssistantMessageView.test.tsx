import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { listing } from "../test/fixtures";
import type { AssistantMessage } from "../types";
import { AssistantMessageView } from "./AssistantMessageView";

const opened: AssistantMessage = {
  id: "a1",
  role: "assistant",
  text: "Since your last visit: 2 new homes match your search for homes in 78745.",
  steps: [],
  data: null,
  hints: [],
  error: null,
  streaming: false,
  alerts: [
    {
      title: "2 new homes match your search for homes in 78745",
      listings: [listing, { ...listing, zpid: "2", address: "12 Oak St, Austin, TX 78745" }],
    },
  ],
};

describe("AssistantMessageView", () => {
  it("opens with the alerts, each home a button that opens its details", async () => {
    const onSelectListing = vi.fn();
    render(
      <AssistantMessageView
        message={opened}
        isLast
        busy={false}
        viewMode="grid"
        onViewModeChange={() => {}}
        onSelectListing={onSelectListing}
        onSend={() => {}}
        onRetry={() => {}}
        onConfirm={() => {}}
        onCancelQueued={() => {}}
      />,
    );
    const alerts = screen.getByTestId("opening-alerts");
    expect(alerts).toHaveTextContent("2 new homes match your search for homes in 78745");
    await userEvent.click(screen.getByRole("button", { name: "12 Oak St, Austin, TX 78745" }));
    expect(onSelectListing).toHaveBeenCalledWith(expect.objectContaining({ zpid: "2" }));
    expect(screen.getByRole("button", { name: listing.address })).toBeInTheDocument();
  });
});
