import { formatPrice, formatPropertyType } from "../format";
import { CompareToggle } from "./CompareToggle";
import { HeartButton } from "./HeartButton";
import { ListingMentions } from "./ListingMentions";
import { PropertyFacts } from "./PropertyFacts";
import { PriceDrop } from "./PriceDrop";
import { PriceFlag } from "./PriceFlag";
import { PropertyPhoto } from "./PropertyPhoto";
import { detailsLabel, highlightProps, STRETCHED_BUTTON, type ListingItemProps } from "./selectable";
import { ZillowLink } from "./ZillowLink";

/** One listing in the grid: number, photo, price, address and facts; the address opens details. */
export function PropertyCard(props: ListingItemProps) {
  const { listing, number, onSelect, highlighted = false, comparing = false, onToggleCompare } = props;
  const type = formatPropertyType(listing.property_type);
  return (
    <article
      {...highlightProps(props)}
      data-testid="property-card"
      data-zpid={listing.zpid}
      data-highlighted={highlighted || undefined}
      className={`relative flex min-w-0 cursor-pointer flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md ${
        highlighted ? "border-teal-700 ring-2 ring-teal-700" : "border-slate-200"
      }`}
    >
      <div className="relative">
        <PropertyPhoto url={listing.photo_url} address={listing.address} className="h-40 w-full" />
        <div className="absolute left-2 top-2 flex items-center gap-1">
          <span
            className="flex h-6 min-w-6 items-center justify-center rounded-full bg-teal-800 px-1.5 text-xs font-bold text-white shadow-sm"
            data-testid="card-number"
          >
            {number}
          </span>
          {type && (
            <span className="rounded-full bg-white/95 px-2 py-0.5 text-xs font-medium text-slate-700 shadow-sm">
              {type}
            </span>
          )}
        </div>
        <HeartButton listing={listing} className="absolute right-2 top-2" />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="text-lg font-semibold text-slate-900" data-testid="price">
          {formatPrice(listing.price)}
        </p>
        <PriceDrop listing={listing} />
        <PriceFlag listing={listing} />
        <h3 className="text-sm text-slate-700">
          <button
            type="button"
            aria-label={detailsLabel(listing)}
            title={listing.address}
            onClick={() => onSelect(listing)}
            className={`block w-full truncate ${STRETCHED_BUTTON}`}
          >
            {listing.address}
          </button>
        </h3>
        <PropertyFacts listing={listing} />
        {typeof listing.distance_miles === "number" && (
          <span className="text-xs text-slate-600">{listing.distance_miles.toFixed(1)} mi away</span>
        )}
        <ListingMentions listing={listing} />
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          {onToggleCompare ? (
            <CompareToggle listing={listing} pressed={comparing} onToggle={onToggleCompare} />
          ) : (
            <span />
          )}
          <ZillowLink url={listing.url} />
        </div>
      </div>
    </article>
  );
}
