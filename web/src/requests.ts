import type { Listing } from "./types";

/** The message a card click sends (in the web UI, and from the MCP Apps widget through its
 * host); the backend resolves the zpid from it. */
export const detailRequest = (listing: Listing) =>
  `Show me the details for ${listing.address} (zpid: ${listing.zpid})`;
