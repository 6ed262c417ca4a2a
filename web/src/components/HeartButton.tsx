import { Heart } from "lucide-react";

import { useHomeActions } from "../homeActions";
import type { Listing } from "../types";

interface Props {
  listing: Listing;
  /** Positioning and extra classes; "relative" (above a card's stretched button) by default. */
  className?: string;
}

/** Saves or un-saves one home; a toggle button (aria-pressed) named after the address. */
export function HeartButton({ listing, className = "relative" }: Props) {
  const actions = useHomeActions();
  if (!actions) return null;
  const saved = actions.saved.has(listing.zpid);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${listing.address}`}
      title={actions.canSave ? (saved ? "Saved: click to remove" : "Save this home") : "Sign in to save homes"}
      onClick={() => actions.toggleSaved(listing)}
      data-testid="heart"
      className={`z-10 rounded-full bg-white/95 p-1.5 shadow-sm hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 ${className}`}
    >
      <Heart
        size={18}
        aria-hidden="true"
        className={saved ? "fill-rose-600 text-rose-600" : "text-slate-700"}
      />
    </button>
  );
}
