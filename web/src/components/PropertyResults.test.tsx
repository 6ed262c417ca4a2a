import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { useViewMode, VIEW_MODE_KEY } from "../hooks/useViewMode";
import { listings } from "../test/fixtures";
import type { Listing } from "../types";
import { PropertyResults } from "./PropertyResults";

function Results({ onSelect = () => {} }: { onSelect?: (listing: Listing) => void }) {
  const [mode, setMode] = useViewMode();
  return <PropertyResults listings={listings} mode={mode} onModeChange={setMode} onSelect={onSelect} />;
}

describe("PropertyResults grid/list toggle", () => {
  it("shows the grid by default", () => {
    render(<Results />);
    expect(screen.getByTestId("property-grid")).toBeInTheDocument();
    expect(screen.getAllByTestId("property-card")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
  });

  it("switches to the list and remembers it after a remount", async () => {
    const { unmount } = render(<Results />);
    await userEvent.click(screen.getByRole("button", { name: "List view" }));
    expect(screen.getByTestId("property-list")).toBeInTheDocument();
    expect(screen.getAllByTestId("property-row")).toHaveLength(3);
    expect(window.localStorage.getItem(VIEW_MODE_KEY)).toBe('"list"');

    unmount();
    render(<Results />);
    expect(screen.getByTestId("property-list")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  });

  it("ignores a corrupt stored value", () => {
    window.localStorage.setItem(VIEW_MODE_KEY, "{oops");
    render(<Results />);
    expect(screen.getByTestId("property-grid")).toBeInTheDocument();
  });

  it("selects a list row on click", async () => {
    window.localStorage.setItem(VIEW_MODE_KEY, '"list"');
    const onSelect = vi.fn();
    render(<Results onSelect={onSelect} />);
    await userEvent.click(screen.getByText(listings[1]!.address));
    expect(onSelect).toHaveBeenCalledWith(listings[1]);
  });
});
