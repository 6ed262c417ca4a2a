import { useCallback, useEffect, useState } from "react";

import { getHandoffs, getMe, HANDOFF_ROLES, markHandled, replyToHandoff } from "../api";
import type { Handoff } from "../types";

export interface HandoffsState {
  /** False when the caller has no inbox (not an agent or admin: 403, or an older server). */
  available: boolean;
  handoffs: Handoff[];
  refresh: () => Promise<void>;
  handle: (id: string) => Promise<void>;
  reply: (id: string, text: string) => Promise<void>;
}

/** Whether the signed-in caller's role has an inbox (GET /me): no one else asks for it. */
function useHandlesHandoffs(enabled: boolean): boolean {
  const [handles, setHandles] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    getMe().then(
      ({ role }) => current && setHandles(HANDOFF_ROLES.includes(role)),
      () => current && setHandles(false),
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return enabled && handles;
}

/** The handoff inbox of agents and admins (tour requests...), refreshed after each turn; a
 * caller of another role never requests it. */
export function useHandoffs(signedIn = true): HandoffsState {
  const enabled = useHandlesHandoffs(signedIn);
  const [available, setAvailable] = useState(false);
  const [handoffs, setHandoffs] = useState<Handoff[]>([]);

  const refresh = useCallback(async () => {
    if (!enabled) return;
    try {
      setHandoffs(await getHandoffs());
      setAvailable(true);
    } catch {
      setAvailable(false);
    }
  }, [enabled]);

  const handle = useCallback(
    async (id: string) => {
      try {
        await markHandled(id);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );

  const reply = useCallback(
    async (id: string, text: string) => {
      try {
        await replyToHandoff(id, text);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { available, handoffs, refresh, handle, reply };
}
