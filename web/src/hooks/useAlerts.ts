import { useCallback, useEffect, useState } from "react";

import { getAlerts, markAlertsRead } from "../api";
import type { Alert } from "../types";

/** How often the bell asks for new alerts (jobs run in the background, not in a turn). */
const POLL_MS = 60_000;

export interface AlertsState {
  alerts: Alert[];
  unread: number;
  refresh: () => Promise<void>;
  markRead: (ids?: string[]) => Promise<void>;
}

/** The signed-in user's alerts for the header's bell; guests have none (nothing is asked). */
export function useAlerts(enabled = true): AlertsState {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [unread, setUnread] = useState(0);

  const refresh = useCallback(async () => {
    if (!enabled) return;
    try {
      const answer = await getAlerts();
      setAlerts(Array.isArray(answer.alerts) ? answer.alerts : []);
      setUnread(answer.unread);
    } catch {
      // No alerts endpoint (an older server) or it failed: the bell stays as it was.
    }
  }, [enabled]);

  const markRead = useCallback(
    async (ids?: string[]) => {
      if (!enabled) return;
      try {
        await markAlertsRead(ids);
      } finally {
        await refresh();
      }
    },
    [enabled, refresh],
  );

  useEffect(() => {
    void refresh();
    if (!enabled) return;
    const timer = window.setInterval(() => void refresh(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [enabled, refresh]);

  return { alerts, unread, refresh, markRead };
}
