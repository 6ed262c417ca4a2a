import { TriangleAlert } from "lucide-react";

import { formatPrice } from "../format";
import type { Listing } from "../types";

/** Warns when the search flagged the price as implausible against the home's own Zestimate. */
export function PriceFlag({ listing }: { listing: Listing }) {
  if (!listing.flags?.includes("price_implausible")) return null;
  const zestimate = listing.zestimate ? ` of ${formatPrice(listing.zestimate)}` : "";
  return (
    <p
      className="inline-flex items-center gap-1 self-start rounded-md bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-950"
      data-testid="price-flag"
    >
      <TriangleAlert size={12} aria-hidden="true" />
      Price far from its Zestimate{zestimate}
    </p>
  );
}
