import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { listing } from "../test/fixtures";
import { PropertyDetail } from "./PropertyDetail";

describe("PropertyDetail", () => {
  it("shows each feature with the evidence the listing gives for it", () => {
    const withFeatures = {
      ...listing,
      lat: null,
      lng: null,
      features: ["community_pool", "garage"],
      feature_evidence: {
        community_pool: "close to the neighborhood pool & park!",
        garage: "listing data: 2 garage spaces",
      },
    };
    render(<PropertyDetail listing={withFeatures} />);
    const features = within(screen.getByRole("list", { name: "Features" }));
    expect(features.getByText("community pool")).toBeInTheDocument();
    expect(features.getByText("“close to the neighborhood pool & park!”")).toBeInTheDocument();
    expect(features.getByText("listing data: 2 garage spaces")).toBeInTheDocument();
  });

  it("lists features without evidence as before", () => {
    render(<PropertyDetail listing={{ ...listing, lat: null, lng: null, features: ["pool"] }} />);
    expect(screen.getByText("pool")).toBeInTheDocument();
    expect(screen.queryByTestId("feature-evidence")).not.toBeInTheDocument();
  });

  it("shows the price history newest first with the change and the days on market", () => {
    const withHistory = {
      ...listing,
      lat: null,
      lng: null,
      price: 480000,
      status: "PENDING",
      days_on_market: 12,
      price_history: [
        { date: "2026-11-14", price: 500000, event: "listed" },
        { date: "2026-11-20", price: 480000, event: "price_change" },
        { date: "2026-11-24", price: 480000, event: "pending" },
      ],
    };
    render(<PropertyDetail listing={withHistory} />);
    const history = within(screen.getByRole("region", { name: "Price history" }));
    const rows = history.getAllByTestId("price-event").map((row) => row.textContent);
    expect(rows).toEqual([
      "2026-11-24Pending$480,000",
      "2026-11-20Price changed$480,000(−$20,000)",
      "2026-11-14Listed$500,000",
    ]);
    expect(history.getByTestId("days-on-market")).toHaveTextContent("12 days on market");
    expect(screen.getByTestId("listing-status")).toHaveTextContent("Sale pending");
  });

  it("says the listing date is unknown rather than count days from another date", () => {
    const recorded = { date: "2020-05-08", price: 410_000, event: "recorded" };
    render(<PropertyDetail listing={{ ...listing, days_on_market: null, price_history: [recorded] }} />);
    const history = within(screen.getByRole("region", { name: "Price history" }));
    expect(history.getByTestId("price-event")).toHaveTextContent("2020-05-08Price on record$410,000");
    expect(history.getByTestId("days-on-market")).toHaveTextContent("listing date unknown");
    expect(history.queryByText(/days on market/)).not.toBeInTheDocument();
  });

  it("says a home taken off the market is no longer listed", () => {
    render(<PropertyDetail listing={{ ...listing, status: "REMOVED" }} />);
    expect(screen.getByTestId("listing-status")).toHaveTextContent("No longer listed");
  });

  it("shows no price history when the provider keeps none", () => {
    render(<PropertyDetail listing={{ ...listing, lat: null, lng: null }} />);
    expect(screen.queryByTestId("price-history")).not.toBeInTheDocument();
  });
});
