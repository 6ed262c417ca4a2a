/**
 * Remembered entries in a person's words: a saved search by its criteria, a watched home by its
 * address, a saved home by its label; never an entry key (`search_…`, `watch_…`, `home_…`) or
 * the JSON a search is kept as.
 */
import { describeCriteria, parseCriteria } from "./components/SavedSearchItem";
import type { MemoryChange } from "./types";

/** Addresses of homes by zpid, looked up for watched homes (the WATCH entry keeps no address). */
export type Addresses = Readonly<Record<string, string>>;

const WATCHED: Record<string, string> = { price: "price changes", status: "status changes", any: "any change" };

/** The zpid of a WATCH entry's key (`watch_<zpid>`), or null. */
export const watchedZpid = (entryType: string, key: string): string | null =>
  entryType === "WATCH" && key.startsWith("watch_") ? key.slice("watch_".length) : null;

export const watchWords = (value: string | null | undefined) => WATCHED[value ?? ""] ?? "any change";

/** "2509 Cockburn Dr, Austin, TX 78745", or "a watched home" until its address is known. */
export const watchedHome = (key: string, addresses: Addresses) =>
  addresses[key.replace(/^watch_/, "")] ?? "a watched home";

const searchWords = (value: string) => {
  const criteria = parseCriteria(value);
  return criteria ? describeCriteria(criteria) : "a saved search";
};

/** One entry's value in words: what the panel and the change log show. */
export function entryWords(entryType: string, key: string, value: string, addresses: Addresses): string {
  if (entryType === "SEARCH") return searchWords(value);
  if (entryType === "WATCH") return `${watchedHome(key, addresses)}: ${watchWords(value)}`;
  return value;
}

/** What the entry is: "saved search", "budget max", "saved home"... */
export function entryKind(entryType: string, key: string): string {
  if (entryType === "SEARCH") return "saved search";
  if (entryType === "WATCH") return "watch";
  if (entryType === "SAVED") return "saved home";
  return key.replace(/_/g, " ");
}

/** One line saying what changed, e.g. "Saved home: 12 Oak St · $450,000", "Changed saved
 * search: house · 78745 · under $450,000 → house · 78745 · under $400,000". */
export function describeChange(change: MemoryChange, addresses: Addresses = {}): string {
  const kind = entryKind(change.entry_type, change.key);
  const words = (value: string) => entryWords(change.entry_type, change.key, value, addresses);
  const title = kind.charAt(0).toUpperCase() + kind.slice(1);
  if (change.old === null || change.old === undefined) {
    if (change.entry_type === "WATCH") return `Watching ${words(change.new ?? "")}`;
    return change.entry_type === "SAVED" || change.entry_type === "SEARCH"
      ? `${title}: ${words(change.new ?? "")}`
      : `Remembered ${kind}: ${change.new}`;
  }
  if (change.new === null || change.new === undefined) {
    if (change.entry_type === "WATCH") return `Stopped watching ${watchedHome(change.key, addresses)}`;
    if (change.entry_type === "SAVED") return `Removed saved home: ${change.old}`;
    return `Forgot ${kind} (was ${words(change.old)})`;
  }
  if (change.entry_type === "WATCH") {
    return `Changed watch on ${watchedHome(change.key, addresses)}: ${watchWords(change.old)} → ${watchWords(change.new)}`;
  }
  return `Changed ${kind}: ${words(change.old)} → ${words(change.new)}`;
}

/** Where a change came from in words: the server's "save_search (from the app)" names a tool. */
export const changeSource = (message: string) => {
  const direct = /^[a-z_]+ \((from .+)\)$/.exec(message);
  return direct ? direct[1]! : `“${message}”`;
};
