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
});
