import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { StepTimeline, stepLabel } from "./StepTimeline";

describe("stepLabel", () => {
  it("uses the label the skill declared, else a generic one", () => {
    expect(stepLabel({ name: "search_properties", label: "Searching listings…" })).toBe("Searching listings…");
    expect(stepLabel({ name: "geocode_address" })).toBe("Running geocode address…");
  });
});

describe("StepTimeline", () => {
  it("shows running, finished and failed steps", () => {
    render(
      <StepTimeline
        steps={[
          { id: "1", name: "search_properties", status: "end", ms: 12.4 },
          { id: "2", name: "get_property_details", status: "error", summary: "not found" },
          { id: "3", name: "save_search_criteria", status: "start" },
        ]}
      />,
    );
    expect(screen.getByLabelText("Done")).toBeInTheDocument();
    expect(screen.getByLabelText("Failed")).toBeInTheDocument();
    expect(screen.getByLabelText("Running")).toBeInTheDocument();
    expect(screen.getByText("12 ms")).toBeInTheDocument();
    expect(screen.getByText("not found")).toBeInTheDocument();
  });

  it("links the turn to its trace when a viewer is configured, and not otherwise", () => {
    const url = "http://127.0.0.1:6006/redirects/traces/0123456789abcdef0123456789abcdef";
    const { rerender } = render(<StepTimeline steps={[{ id: "1", name: "search_properties", status: "end" }]} traceUrl={url} />);
    expect(screen.getByRole("link", { name: "View trace" })).toHaveAttribute("href", url);
    rerender(<StepTimeline steps={[{ id: "1", name: "search_properties", status: "end" }]} />);
    expect(screen.queryByRole("link", { name: "View trace" })).not.toBeInTheDocument();
  });
});
