import { useCallback, useEffect, useState } from "react";

import { ApiError, forgetPreference, getPreferences } from "../api";
import type { Preferences } from "../types";

export interface PreferencesState {
  /** False when the server has no memory endpoints (404) or they failed: hide the panel. */
  available: boolean;
  preferences: Preferences;
  refresh: () => Promise<void>;
  forget: (skill: string, key: string) => Promise<void>;
}

/** The remembered (L1) preferences, refreshed on demand, e.g. after each chat turn. */
export function usePreferences(enabled = true): PreferencesState {
  const [available, setAvailable] = useState(false);
  const [preferences, setPreferences] = useState<Preferences>({});

  const refresh = useCallback(async () => {
    if (!enabled) return;
    try {
      setPreferences(await getPreferences());
      setAvailable(true);
    } catch {
      setAvailable(false);
    }
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

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { available, preferences, refresh, forget };
}
