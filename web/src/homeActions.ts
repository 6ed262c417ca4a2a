/**
 * What a listing can offer beyond "show details": a heart (saved homes) and comparison.
 * Provided once by the workspace so cards, rows and details deep in the message list can
 * use it without threading props through every layer. Without a provider (component tests,
 * stories) the heart is simply not shown.
 */
import { createContext, useContext } from "react";

import type { Listing, ResultData } from "./types";

export interface HomeActions {
  /** zpids saved by this user (derived from the SAVED memory entries). */
  saved: ReadonlySet<string>;
  /** False for guests: the heart explains that signing in is needed, nothing is written. */
  canSave: boolean;
  toggleSaved: (listing: Listing) => void;
  /** Runs compare_properties on these zpids and returns its `comparison` result. */
  compare: (zpids: string[]) => Promise<ResultData>;
  /** Whether the compare action is offered (POST /tools runs compare_properties for guests too). */
  canCompare: boolean;
}

export const HomeActionsContext = createContext<HomeActions | null>(null);

export const useHomeActions = (): HomeActions | null => useContext(HomeActionsContext);

/** The zpid of a SAVED entry's key (`home_<zpid>`, contract C3), or null. */
export const savedZpid = (entryType: string, key: string): string | null =>
  entryType === "SAVED" && key.startsWith("home_") ? key.slice("home_".length) : null;
