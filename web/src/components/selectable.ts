import type { Listing } from "../types";

/** What a card or list row needs: its number on the map, its main action and its extras. */
export interface ListingItemProps {
  listing: Listing;
  /** 1-based position, shown on the item and on its map marker. */
  number: number;
  onSelect: (listing: Listing) => void;
  /** True while the item's marker (or the item itself) is hovered or focused. */
  highlighted?: boolean;
  onHighlight?: (zpid: string | null) => void;
  /** Present when the item can be picked for comparison. */
  comparing?: boolean;
  onToggleCompare?: (listing: Listing) => void;
}

/** The name of an item's main button; its visible text (the address) is part of it. */
export const detailsLabel = (listing: Listing) => `Show details for ${listing.address}`;

/**
 * Hovering or focusing anything in the item highlights its marker. The item's main action is
 * a real button (stretched over the item with ::after), so the heart, compare and Zillow
 * controls are its siblings, never nested inside another control.
 */
export function highlightProps({ listing, onHighlight }: ListingItemProps) {
  if (!onHighlight) return {};
  return {
    onMouseEnter: () => onHighlight(listing.zpid),
    onMouseLeave: () => onHighlight(null),
    onFocus: () => onHighlight(listing.zpid),
    onBlur: () => onHighlight(null),
  };
}

/** Classes of the stretched main button: its ::after covers the item, so a click anywhere opens it. */
export const STRETCHED_BUTTON =
  "text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-teal-700";
