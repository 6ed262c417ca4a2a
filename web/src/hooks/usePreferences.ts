import { useCallback, useEffect, useRef, useState } from "react";

import { ApiError, callTool, forgetPreference, getChanges, getPreferences, undoChange } from "../api";
import { watchedZpid, type Addresses } from "../entries";
import type { Listing, MemoryChange, Preferences } from "../types";

/** As many homes as one get_saved_homes call returns. */
const LOOKUP_AT_ONCE = 50;

/** The zpids of the watched homes the entries and changes name. */
const watchedIn = (preferences: Preferences, changes: MemoryChange[]) =>
  [
    ...Object.values(preferences).flatMap((list) => (list ?? []).map((e) => watchedZpid(e.entry_type, e.key))),
    ...changes.map((change) => watchedZpid(change.entry_type, change.key)),
  ].filter((zpid): zpid is string => zpid !== null);

export interface PreferencesState {
  /** False when the server has no memory endpoints (404) or they failed: hide the panel. */
  available: boolean;
  preferences: Preferences;
  /** Recent changes made on the user's behalf, newest first (empty if the server has no log). */
  changes: MemoryChange[];
  /** Addresses of the watched homes by zpid (a WATCH entry keeps only what is watched). */
  addresses: Addresses;
  refresh: () => Promise<void>;
  forget: (skill: string, key: string) => Promise<void>;
  undo: (changeId: string) => Promise<void>;
  /** Rewrites an entry through its skill tool (a saved search, a watch); the click confirms. */
  edit: (tool: string, params: Record<string, unknown>) => Promise<void>;
}

/** The remembered (L1) preferences and their change log, refreshed e.g. after each chat turn. */
export function usePreferences(enabled = true): PreferencesState {
  const [available, setAvailable] = useState(false);
  const [preferences, setPreferences] = useState<Preferences>({});
  const [changes, setChanges] = useState<MemoryChange[]>([]);
  const [addresses, setAddresses] = useState<Addresses>({});
  const asked = useRef(new Set<string>());

  /** Looks up each watched home's address once (homes since removed stay unnamed). */
  const lookUp = useCallback(async (zpids: string[]) => {
    const missing = [...new Set(zpids)].filter((zpid) => !asked.current.has(zpid)).slice(0, LOOKUP_AT_ONCE);
    if (missing.length === 0) return;
    missing.forEach((zpid) => asked.current.add(zpid));
    try {
      const { result } = await callTool("get_saved_homes", { zpids: missing });
      const items = Array.isArray(result.items) ? (result.items as Listing[]) : [];
      setAddresses((known) => ({ ...known, ...Object.fromEntries(items.map((home) => [home.zpid, home.address])) }));
    } catch {
      // Unnamed, they read "a watched home": the entry itself still shows and can be changed.
    }
  }, []);

  const refresh = useCallback(async () => {
    if (!enabled) return;
    const [loaded, log] = await Promise.allSettled([getPreferences(), getChanges()]);
    if (loaded.status === "fulfilled") setPreferences(loaded.value);
    setAvailable(loaded.status === "fulfilled");
    setChanges(log.status === "fulfilled" ? log.value : []);
    await lookUp(watchedIn(loaded.status === "fulfilled" ? loaded.value : {}, log.status === "fulfilled" ? log.value : []));
  }, [enabled, lookUp]);

  const forget = useCallback(
    async (skill: string, key: string) => {
      try {
        await forgetPreference(skill, key);
      } catch (error) {
        // Already forgotten elsewhere: the refresh below shows the truth.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      await refresh();
    },
    [refresh],
  );

  const undo = useCallback(
    async (changeId: string) => {
      try {
        await undoChange(changeId);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );

  const edit = useCallback(
    async (tool: string, params: Record<string, unknown>) => {
      try {
        await callTool(tool, params);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { available, preferences, changes, addresses, refresh, forget, undo, edit };
}
