import type { Listing } from "./types";

/** The message a card click sends (in the web UI, and from the MCP Apps widget through its
 * host), as a person would type it: the home's address, never its id. The planner resolves an
 * address that names a shown home to that home (skills/real_estate/planner/refs.py `shown_at`),
 * any other one by address. */
export const detailRequest = (listing: Listing) => `Tell me more about ${listing.address}`;
