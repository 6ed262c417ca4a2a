import type { Listing } from "./types";

/** An alert's items that are homes (a zpid and an address): what opens a detail card. */
export function alertListings(items: readonly Record<string, unknown>[]): Listing[] {
  return items.filter(
    (item) => typeof item.zpid === "string" && typeof item.address === "string",
  ) as unknown as Listing[];
}
