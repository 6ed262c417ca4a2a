import { useCallback, useEffect, useState } from "react";

import { getHandoffs, markHandled, replyToHandoff } from "../api";
import type { Handoff } from "../types";

export interface HandoffsState {
  /** False when the caller has no inbox (not an agent or admin: 403, or an older server). */
  available: boolean;
  handoffs: Handoff[];
  refresh: () => Promise<void>;
  handle: (id: string) => Promise<void>;
  reply: (id: string, text: string) => Promise<void>;
}

/** The handoff inbox of agents and admins (tour requests...), refreshed after each turn. */
export function useHandoffs(enabled = true): HandoffsState {
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
