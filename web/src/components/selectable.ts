import type { KeyboardEvent } from "react";

import type { Listing } from "../types";

/** Props that make a whole card act as one button: click or Enter/Space selects it. */
export function selectableProps(listing: Listing, onSelect: (listing: Listing) => void) {
  return {
    role: "button",
    tabIndex: 0,
    "aria-label": `Show details for ${listing.address}`,
    onClick: () => onSelect(listing),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        onSelect(listing);
      }
    },
  } as const;
}
