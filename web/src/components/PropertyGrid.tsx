import type { Listing } from "../types";
import { PropertyCard } from "./PropertyCard";
import type { ListingItemProps } from "./selectable";

type ItemExtras = Omit<ListingItemProps, "listing" | "number" | "comparing" | "highlighted">;

interface Props extends ItemExtras {
  listings: Listing[];
  highlighted?: string | null;
  comparing?: ReadonlySet<string>;
}

/** Listings as numbered cards in one to three responsive columns. */
export function PropertyGrid({ listings, highlighted, comparing, ...extras }: Props) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="property-grid">
      {listings.map((listing, index) => (
        <PropertyCard
          key={listing.zpid}
          listing={listing}
          number={index + 1}
          highlighted={highlighted === listing.zpid}
          comparing={comparing?.has(listing.zpid)}
          {...extras}
        />
      ))}
    </div>
  );
}
