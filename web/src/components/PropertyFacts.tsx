import { Bath, BedDouble, Ruler } from "lucide-react";

import { formatCount } from "../format";
import type { Listing } from "../types";

/** Beds, baths and living area in one line. */
export function PropertyFacts({ listing }: { listing: Listing }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <li className="inline-flex items-center gap-1">
        <BedDouble size={15} aria-hidden="true" />
        <span>{formatCount(listing.beds, "bd")}</span>
      </li>
      <li className="inline-flex items-center gap-1">
        <Bath size={15} aria-hidden="true" />
        <span>{formatCount(listing.baths, "ba")}</span>
      </li>
      <li className="inline-flex items-center gap-1">
        <Ruler size={15} aria-hidden="true" />
        <span>{formatCount(listing.sqft, "sqft")}</span>
      </li>
    </ul>
  );
}
