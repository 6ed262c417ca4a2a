import { formatCount, formatPrice } from "../format";
import type { Listing } from "../types";
import { PropertyPhoto } from "./PropertyPhoto";
import { selectableProps } from "./selectable";
import { ZillowLink } from "./ZillowLink";

interface Props {
  listings: Listing[];
  onSelect: (listing: Listing) => void;
}

/** Listings as compact rows with a thumbnail. */
export function PropertyList({ listings, onSelect }: Props) {
  return (
    <ul
      className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white"
      data-testid="property-list"
    >
      {listings.map((listing) => (
        <li key={listing.zpid}>
          <div
            {...selectableProps(listing, onSelect)}
            data-testid="property-row"
            className="flex cursor-pointer items-center gap-3 p-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600"
          >
            <PropertyPhoto
              url={listing.photo_url}
              address={listing.address}
              className="h-14 w-14 shrink-0 rounded-lg"
              iconSize={22}
            />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-slate-800" title={listing.address}>
                {listing.address}
              </p>
              <p className="text-xs text-slate-500">
                {formatCount(listing.beds, "bd")} · {formatCount(listing.baths, "ba")} ·{" "}
                {formatCount(listing.sqft, "sqft")}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-0.5">
              <span className="text-sm font-semibold text-slate-900" data-testid="price">
                {formatPrice(listing.price)}
              </span>
              <ZillowLink url={listing.url} compact />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
