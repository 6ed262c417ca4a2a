import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { listing } from "../test/fixtures";
import { PropertyCard } from "./PropertyCard";

describe("PropertyCard", () => {
  it("renders address, price, beds, baths and sqft", () => {
    render(<PropertyCard number={1} listing={listing} onSelect={() => {}} />);
    expect(screen.getByText(listing.address)).toBeInTheDocument();
    expect(screen.getByText("$489,000")).toBeInTheDocument();
    expect(screen.getByText("3 bd")).toBeInTheDocument();
    expect(screen.getByText("2 ba")).toBeInTheDocument();
    expect(screen.getByText("1,654 sqft")).toBeInTheDocument();
  });

  it("quotes what the description says of the user's wishes, and nothing without them", () => {
    const wished = { ...listing, mentions: ["Huge back yard with shade trees.", "Updated kitchen."] };
    const { rerender } = render(<PropertyCard number={1} listing={wished} onSelect={() => {}} />);
    const mentions = screen.getByTestId("mentions");
    expect(mentions).toHaveTextContent("Mentions:");
    expect(mentions.querySelectorAll("q")).toHaveLength(2);
    expect(mentions).toHaveTextContent("Huge back yard with shade trees.");
    rerender(<PropertyCard number={1} listing={listing} onSelect={() => {}} />);
    expect(screen.queryByTestId("mentions")).not.toBeInTheDocument();
  });

  it("shows a dropped price's old price, the drop and its share", () => {
    const dropped = { ...listing, price: 475_000, price_drop: { date: "2026-11-24", from: 500_000, to: 475_000 } };
    const { rerender } = render(<PropertyCard number={1} listing={dropped} onSelect={() => {}} />);
    expect(screen.getByTestId("price")).toHaveTextContent("$475,000");
    expect(screen.getByTestId("price-drop")).toHaveTextContent("Was $500,000−$25,000 (5%) on 2026-11-24");
    rerender(<PropertyCard number={1} listing={listing} onSelect={() => {}} />);
    expect(screen.queryByTestId("price-drop")).not.toBeInTheDocument();
  });

  it("shows a placeholder when there is no photo", () => {
    render(<PropertyCard number={1} listing={listing} onSelect={() => {}} />);
    expect(screen.getByTestId("photo-placeholder")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /photo of/i })).not.toBeInTheDocument();
  });

  it("shows the photo when there is one", () => {
    render(<PropertyCard number={1} listing={{ ...listing, photo_url: "/p.jpg" }} onSelect={() => {}} />);
    expect(screen.getByRole("img", { name: `Photo of ${listing.address}` })).toHaveAttribute("src", "/p.jpg");
  });

  it("calls onSelect with the listing when clicked", async () => {
    const onSelect = vi.fn();
    render(<PropertyCard number={1} listing={listing} onSelect={onSelect} />);
    await userEvent.click(screen.getByText(listing.address));
    expect(onSelect).toHaveBeenCalledWith(listing);
  });

  it("calls onSelect on Enter", async () => {
    const onSelect = vi.fn();
    render(<PropertyCard number={1} listing={listing} onSelect={onSelect} />);
    screen.getByRole("button", { name: `Show details for ${listing.address}` }).focus();
    await userEvent.keyboard("{Enter}");
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it("opens Zillow in a new tab without selecting the card", () => {
    const onSelect = vi.fn();
    render(<PropertyCard number={1} listing={listing} onSelect={onSelect} />);
    const link = screen.getByRole("link", { name: /view on zillow/i });
    expect(link).toHaveAttribute("href", listing.url);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    fireEvent.click(link);
    fireEvent.keyDown(link, { key: "Enter" });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("flags a price that is implausible against the home's own Zestimate", () => {
    const { rerender } = render(<PropertyCard number={1} listing={listing} onSelect={() => {}} />);
    expect(screen.queryByTestId("price-flag")).not.toBeInTheDocument();
    const flagged = { ...listing, price: 62500, zestimate: 251216, flags: ["price_implausible"] };
    rerender(<PropertyCard number={1} listing={flagged} onSelect={() => {}} />);
    expect(screen.getByTestId("price-flag")).toHaveTextContent("Price far from its Zestimate of $251,216");
  });

  it("keeps the heart, compare and Zillow controls outside the main button", () => {
    render(<PropertyCard number={4} listing={listing} onSelect={() => {}} onToggleCompare={() => {}} />);
    const main = screen.getByRole("button", { name: `Show details for ${listing.address}` });
    expect(main).toHaveTextContent(listing.address);
    expect(main.querySelector("a, button")).toBeNull();
    expect(screen.getByRole("button", { name: `Compare ${listing.address}` })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByTestId("card-number")).toHaveTextContent("4");
  });
});
