import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { CriteriaChips, criteriaChips } from "./CriteriaChips";

describe("CriteriaChips", () => {
  it("reads the echoed criteria back as short phrases, home facts included", () => {
    const chips = criteriaChips({
      location: "Austin",
      property_type: "house",
      price_max: 450000,
      beds_min: 3,
      features: ["pool", "community_pool"],
      school_rating_min: 7,
      garage_spaces_min: 2,
      stories_max: 1,
      lot_size_min: 10000,
      year_built_min: 2011,
      no_hoa: true,
      wishes: ["updated kitchen"],
      sort: "relevance",
      limit: 10,
      page: 1,
    });
    expect(chips).toEqual([
      "Austin",
      "House",
      "up to $450,000",
      "3+ beds",
      "pool",
      "community pool",
      "schools 7+/10",
      "2+ car garage",
      "single story",
      "lot 10,000+ sqft",
      "built 2011 or later",
      "no HOA",
      "“updated kitchen”",
    ]);
  });

  it("shows ranges, distances and exclusions", () => {
    expect(criteriaChips({ near: "downtown", radius_miles: 3, beds_min: 3, beds_max: 4, price_min: 300000, price_max: 400000, exclude_types: ["condo"], stories_min: 2 })).toEqual([
      "within 3 mi of downtown",
      "$300,000–$400,000",
      "3–4 beds",
      "no condo",
      "2+ stories",
    ]);
  });

  it("renders a labelled list, and nothing without criteria", () => {
    const { container, rerender } = render(<CriteriaChips criteria={{ location: "78704", no_hoa: true }} />);
    const list = screen.getByRole("list", { name: "Search criteria" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["78704", "no HOA"]);
    rerender(<CriteriaChips criteria={{ sort: "price", page: 1 }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
