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

  it("highlights a marker's card while the marker is hovered or focused", () => {
    const onHighlight = vi.fn();
    const { container } = render(
      <ResultsMap listings={listings} highlighted={null} onHighlight={onHighlight} onSelect={() => {}} />,
    );
    const [, second, third] = markersOf(container);
    fireEvent.mouseOver(second!);
    fireEvent.mouseOut(second!);
    fireEvent.focus(third!);
    fireEvent.blur(third!);
    expect(onHighlight.mock.calls).toEqual([["2"], [null], ["3"], [null]]);
  });

  it("keeps each marker's element across highlight changes", () => {
    const { container, rerender } = render(
      <ResultsMap listings={listings} highlighted={null} onSelect={() => {}} />,
    );
    const before = markersOf(container);
    rerender(<ResultsMap listings={listings} highlighted="2" onSelect={() => {}} />);
    expect(markersOf(container)).toEqual(before);
  });

  it("renders nothing without coordinates", () => {
    const { container } = render(
      <ResultsMap listings={[{ ...listings[0]!, lat: null, lng: null }]} highlighted={null} onSelect={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
