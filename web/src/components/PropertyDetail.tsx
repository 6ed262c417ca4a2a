import {
  formatCount,
  formatFeature,
  formatHoa,
  formatPrice,
  formatPropertyType,
  MISSING,
} from "../format";
import type { Listing } from "../types";
import { HeartButton } from "./HeartButton";
import { MapView } from "./MapView";
import { PropertyFacts } from "./PropertyFacts";
import { PriceFlag } from "./PriceFlag";
import { PriceHistory } from "./PriceHistory";
import { PropertyPhoto } from "./PropertyPhoto";
import { hasCoordinates } from "./ResultsMap";
import { ZillowLink } from "./ZillowLink";

/** What a listing's status says to a person; REMOVED: an update took it off the market. */
const STATUS_LABELS: Record<string, string> = {
  PENDING: "Sale pending",
  SOLD: "Sold",
  REMOVED: "No longer listed",
};

/** The detail card for one listing, with its map when coordinates are known. */
export function PropertyDetail({ listing }: { listing: Listing }) {
  const facts: [string, string][] = [
    ["Year built", listing.year_built ? String(listing.year_built) : MISSING],
    ["Lot size", formatCount(listing.lot_size, "sqft")],
    ["HOA", formatHoa(listing.hoa_fee)],
    ["Zestimate", formatPrice(listing.zestimate)],
  ];
  const type = formatPropertyType(listing.property_type);
  return (
    <section
      aria-label={`Details for ${listing.address}`}
      data-testid="property-detail"
      className="flex flex-col gap-3 overflow-hidden rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <PropertyPhoto
          url={listing.photo_url}
          address={listing.address}
          className="h-40 w-full shrink-0 rounded-lg sm:h-32 sm:w-48"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <p className="text-2xl font-semibold text-slate-900">{formatPrice(listing.price)}</p>
            <HeartButton listing={listing} className="relative border border-slate-200" />
          </div>
          <h3 className="break-words text-base text-slate-700">{listing.address}</h3>
          <PriceFlag listing={listing} />
          {listing.status && listing.status !== "FOR_SALE" && (
            <p data-testid="listing-status" className="self-start rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800">
              {STATUS_LABELS[listing.status] ?? listing.status}
            </p>
          )}
          <PropertyFacts listing={listing} />
          {type && <p className="text-sm text-slate-500">{type}</p>}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="text-sm font-medium text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      <PriceHistory listing={listing} />
      {listing.features && listing.features.length > 0 && (
        <ul aria-label="Features" className="flex flex-col gap-1">
          {listing.features.map((feature) => {
            const evidence = listing.feature_evidence?.[feature];
            return (
              <li key={feature} className="flex flex-wrap items-baseline gap-x-2 text-xs">
                <span className="rounded-full bg-teal-50 px-2 py-0.5 text-teal-800">
                  {formatFeature(feature)}
                </span>
                {evidence && (
                  <span data-testid="feature-evidence" className="text-slate-500">
                    {evidence.startsWith("listing data:") ? evidence : `“${evidence}”`}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {listing.description && (
        <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">{listing.description}</p>
      )}
      {hasCoordinates(listing) && <MapView listing={listing} />}
      <div>
        <ZillowLink url={listing.url} />
      </div>
    </section>
  );
}
