import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { StepTimeline, stepLabel } from "./StepTimeline";

describe("stepLabel", () => {
  it("names the known tools", () => {
    expect(stepLabel("search_properties")).toBe("Searching listings…");
    expect(stepLabel("get_property_details")).toBe("Fetching details…");
    expect(stepLabel("get_property_details_by_address")).toBe("Fetching details…");
    expect(stepLabel("save_search_criteria")).toBe("Saving preference…");
    expect(stepLabel("get_current_time")).toBe("Checking the time…");
    expect(stepLabel("geocode_address")).toBe("Running geocode address…");
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
});
