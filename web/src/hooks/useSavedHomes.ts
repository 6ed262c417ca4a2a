import { useCallback, useEffect, useMemo, useState } from "react";

import { ApiError, callTool, compareHomes } from "../api";
import { savedZpid, type HomeActions } from "../homeActions";
import type { Listing, Preferences } from "../types";

export const GUEST_SAVE_NOTICE = "Sign in to save homes. Guests keep nothing.";

export interface SavedHomes extends HomeActions {
  /** Why the last save/remove did not happen (guest, role, server), for a visible notice. */
  notice: string | null;
  dismissNotice: () => void;
}

/**
 * Hearts backed by the real_estate skill's save_home / remove_saved_home tools (POST /tools,
 * contract C3); the saved set is read from the preferences, refreshed after each change.
 */
export function useSavedHomes(
  preferences: Preferences,
  canSave: boolean,
  refresh: () => Promise<void>,
): SavedHomes {
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Record<string, boolean>>({});
  // A guest who signs in may save now: the "sign in" notice has done its job.
  useEffect(() => {
    if (canSave) setNotice((shown) => (shown === GUEST_SAVE_NOTICE ? null : shown));
  }, [canSave]);

  const stored = useMemo(() => {
    const zpids = new Set<string>();
    for (const entry of preferences.real_estate ?? []) {
      const zpid = savedZpid(entry.entry_type, entry.key);
      if (zpid) zpids.add(zpid);
    }
    return zpids;
  }, [preferences]);

  // Optimistic: a clicked heart shows its new state until the refresh confirms or reverts it.
  const saved = useMemo(() => {
    const zpids = new Set(stored);
    for (const [zpid, save] of Object.entries(pending)) {
      if (save) zpids.add(zpid);
      else zpids.delete(zpid);
    }
    return zpids;
  }, [stored, pending]);

  const toggleSaved = useCallback(
    (listing: Listing) => {
      if (!canSave) {
        setNotice(GUEST_SAVE_NOTICE);
        return;
      }
      const save = !saved.has(listing.zpid);
      setPending((previous) => ({ ...previous, [listing.zpid]: save }));
      setNotice(null);
      void callTool(save ? "save_home" : "remove_saved_home", { zpid: listing.zpid })
        .catch((error: unknown) => {
          const reason = error instanceof ApiError ? error.message : "the server could not be reached";
          setNotice(`Could not ${save ? "save" : "remove"} ${listing.address}: ${reason}`);
        })
        .then(refresh)
        .finally(() =>
          setPending(({ [listing.zpid]: _done, ...rest }) => rest),
        );
    },
    [canSave, saved, refresh],
  );

  const dismissNotice = useCallback(() => setNotice(null), []);

  // compare_properties is a guest tool: POST /tools runs it for callers without a token too.
  return { saved, canSave, canCompare: true, toggleSaved, compare: compareHomes, notice, dismissNotice };
}
