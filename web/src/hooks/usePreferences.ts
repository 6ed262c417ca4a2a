import { useCallback, useEffect, useState } from "react";

import { ApiError, callTool, forgetPreference, getChanges, getPreferences, undoChange } from "../api";
import type { MemoryChange, Preferences } from "../types";

export interface PreferencesState {
  /** False when the server has no memory endpoints (404) or they failed: hide the panel. */
  available: boolean;
  preferences: Preferences;
  /** Recent changes made on the user's behalf, newest first (empty if the server has no log). */
  changes: MemoryChange[];
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

  const refresh = useCallback(async () => {
    if (!enabled) return;
    const [loaded, log] = await Promise.allSettled([getPreferences(), getChanges()]);
    if (loaded.status === "fulfilled") setPreferences(loaded.value);
    setAvailable(loaded.status === "fulfilled");
    setChanges(log.status === "fulfilled" ? log.value : []);
  }, [enabled]);

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

  return { available, preferences, changes, refresh, forget, undo, edit };
}
