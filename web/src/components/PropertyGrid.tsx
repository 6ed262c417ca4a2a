import type { Listing } from "../types";
import { PropertyCard } from "./PropertyCard";

interface Props {
  listings: Listing[];
  onSelect: (listing: Listing) => void;
}

/** Listings as cards in one to three responsive columns. */
export function PropertyGrid({ listings, onSelect }: Props) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="property-grid">
      {listings.map((listing) => (
        <PropertyCard key={listing.zpid} listing={listing} onSelect={onSelect} />
      ))}
    </div>
  );
}
