import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { listings } from "../test/fixtures";
import { ResultsMap } from "./ResultsMap";

const markersOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>(".results-marker")];

describe("ResultsMap", () => {
  it("numbers one marker per located listing, named like the cards", () => {
    const located = [...listings, { ...listings[0]!, zpid: "9", lat: null, lng: null }];
    const { container, getByRole } = render(
      <ResultsMap listings={located} highlighted={null} onSelect={() => {}} />,
    );
    const markers = markersOf(container);
    expect(markers).toHaveLength(3);
    expect(markers.map((m) => m.querySelector("[aria-hidden]")?.textContent)).toEqual(["1", "2", "3"]);
    expect(getByRole("button", { name: `2. Show details for ${listings[1]!.address}` })).toBe(markers[1]);
    expect(getByRole("region", { name: "Map of 3 homes" })).toBeInTheDocument();
  });

  it("opens the details on click, Enter and Space", () => {
    const onSelect = vi.fn();
    const { container } = render(<ResultsMap listings={listings} highlighted={null} onSelect={onSelect} />);
    const [first, second, third] = markersOf(container);
    fireEvent.click(first!);
    fireEvent.keyPress(second!, { key: "Enter", code: "Enter", charCode: 13 });
    fireEvent.keyPress(third!, { key: " ", code: "Space", charCode: 32 });
    fireEvent.keyPress(third!, { key: "a", code: "KeyA", charCode: 97 });
    expect(onSelect.mock.calls.map(([listing]) => listing.zpid)).toEqual(["29324909", "2", "3"]);
  });

  it("raises the highlighted card's marker", () => {
    const { container, rerender } = render(
      <ResultsMap listings={listings} highlighted={null} onSelect={() => {}} />,
    );
    expect(container.querySelectorAll(".results-marker--active")).toHaveLength(0);
    rerender(<ResultsMap listings={listings} highlighted="2" onSelect={() => {}} />);
    const active = container.querySelectorAll(".results-marker--active");
    expect(active).toHaveLength(1);
    expect(active[0]).toBe(markersOf(container)[1]);
  });

  it("renders nothing without coordinates", () => {
    const { container } = render(
      <ResultsMap listings={[{ ...listings[0]!, lat: null, lng: null }]} highlighted={null} onSelect={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
