import { GitCompareArrows } from "lucide-react";

import type { Listing } from "../types";

interface Props {
  listing: Listing;
  pressed: boolean;
  onToggle: (listing: Listing) => void;
}

/** Picks a home for the side-by-side comparison; its name contains its visible "Compare". */
export function CompareToggle({ listing, pressed, onToggle }: Props) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`Compare ${listing.address}`}
      onClick={() => onToggle(listing)}
      data-testid="compare-toggle"
      className={`relative z-10 inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 ${
        pressed ? "border-teal-700 bg-teal-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
      }`}
    >
      <GitCompareArrows size={13} aria-hidden="true" />
      Compare
    </button>
  );
}
