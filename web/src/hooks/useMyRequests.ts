import { useCallback, useEffect, useState } from "react";

import { getMyHandoffs } from "../api";
import type { Handoff } from "../types";

export interface MyRequestsState {
  requests: Handoff[];
  refresh: () => Promise<void>;
}

/**
 * The signed-in buyer's own requests for a person (GET /handoffs/mine), refreshed after each
 * turn and whenever `alertsSeen` changes (an agent's handling or answer arrives as an alert);
 * guests ask for nothing.
 */
export function useMyRequests(enabled: boolean, alertsSeen: string): MyRequestsState {
  const [requests, setRequests] = useState<Handoff[]>([]);

  const refresh = useCallback(async () => {
    if (!enabled) return;
    try {
      setRequests(await getMyHandoffs());
    } catch {
      // An older server without the route, or it failed: the list stays as it was.
    }
  }, [enabled]);

  useEffect(() => {
    void refresh();
  }, [refresh, alertsSeen]);

  return { requests, refresh };
}
