import { formatCount, formatPrice } from "../format";
import type { Listing } from "../types";
import { CompareToggle } from "./CompareToggle";
import { HeartButton } from "./HeartButton";
import { ListingMentions } from "./ListingMentions";
import { PriceFlag } from "./PriceFlag";
import { PropertyPhoto } from "./PropertyPhoto";
import { detailsLabel, highlightProps, STRETCHED_BUTTON, type ListingItemProps } from "./selectable";
import { ZillowLink } from "./ZillowLink";

type ItemExtras = Omit<ListingItemProps, "listing" | "number" | "comparing" | "highlighted">;

interface Props extends ItemExtras {
  listings: Listing[];
  highlighted?: string | null;
  comparing?: ReadonlySet<string>;
}

/** Listings as compact numbered rows with a thumbnail; the address opens the details. */
export function PropertyList({ listings, highlighted, comparing, ...extras }: Props) {
  return (
    <ul
      className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white"
      data-testid="property-list"
    >
      {listings.map((listing, index) => (
        <PropertyRow
          key={listing.zpid}
          listing={listing}
          number={index + 1}
          highlighted={highlighted === listing.zpid}
          comparing={comparing?.has(listing.zpid)}
          {...extras}
        />
      ))}
    </ul>
  );
}

function PropertyRow(props: ListingItemProps) {
  const { listing, number, onSelect, highlighted, comparing = false, onToggleCompare } = props;
  return (
    <li
      {...highlightProps(props)}
      data-testid="property-row"
      data-zpid={listing.zpid}
      data-highlighted={highlighted || undefined}
      className={`relative flex cursor-pointer items-center gap-3 p-2 hover:bg-slate-50 ${highlighted ? "bg-teal-50" : ""}`}
    >
      <span className="w-5 shrink-0 text-center text-xs font-bold text-teal-800" data-testid="card-number">
        {number}
      </span>
      <PropertyPhoto
        url={listing.photo_url}
        address={listing.address}
        className="h-14 w-14 shrink-0 rounded-lg"
        iconSize={22}
      />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          aria-label={detailsLabel(listing)}
          title={listing.address}
          onClick={() => onSelect(listing)}
          className={`block w-full truncate text-sm text-slate-800 ${STRETCHED_BUTTON}`}
        >
          {listing.address}
        </button>
        <p className="text-xs text-slate-600">
          {formatCount(listing.beds, "bd")} · {formatCount(listing.baths, "ba")} ·{" "}
          {formatCount(listing.sqft, "sqft")}
        </p>
        <PriceFlag listing={listing} />
        <ListingMentions listing={listing} />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="text-sm font-semibold text-slate-900" data-testid="price">
          {formatPrice(listing.price)}
        </span>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {onToggleCompare && <CompareToggle listing={listing} pressed={comparing} onToggle={onToggleCompare} />}
          <HeartButton listing={listing} />
          <ZillowLink url={listing.url} compact />
        </div>
      </div>
    </li>
  );
}
