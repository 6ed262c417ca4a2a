import { formatPrice, formatPropertyType } from "../format";
import type { Listing } from "../types";
import { PropertyFacts } from "./PropertyFacts";
import { PropertyPhoto } from "./PropertyPhoto";
import { selectableProps } from "./selectable";
import { ZillowLink } from "./ZillowLink";

interface Props {
  listing: Listing;
  onSelect: (listing: Listing) => void;
}

/** One listing in the grid: photo, price, address and facts; clicking asks for details. */
export function PropertyCard({ listing, onSelect }: Props) {
  const type = formatPropertyType(listing.property_type);
  return (
    <article
      {...selectableProps(listing, onSelect)}
      data-testid="property-card"
      className="group flex min-w-0 cursor-pointer flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
    >
      <div className="relative">
        <PropertyPhoto url={listing.photo_url} address={listing.address} className="h-40 w-full" />
        {type && (
          <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-700 shadow-sm">
            {type}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="text-lg font-semibold text-slate-900" data-testid="price">
          {formatPrice(listing.price)}
        </p>
        <h3 className="truncate text-sm text-slate-700" title={listing.address}>
          {listing.address}
        </h3>
        <PropertyFacts listing={listing} />
        <div className="mt-auto flex items-center justify-between pt-1">
          {typeof listing.distance_miles === "number" ? (
            <span className="text-xs text-slate-500">{listing.distance_miles.toFixed(1)} mi away</span>
          ) : (
            <span />
          )}
          <ZillowLink url={listing.url} />
        </div>
      </div>
    </article>
  );
}
