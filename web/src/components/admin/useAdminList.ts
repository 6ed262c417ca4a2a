import { useCallback, useEffect, useState } from "react";

import { humanMessage } from "../account/messages";

const ADMIN_FAILED = "That did not work just now. Reload the page and try again.";
const NO_SPECIAL_FAILURES: Record<number, string> = {};

/** One list of the admin page, loaded on open; `act` runs a change, reloads the list, then
 * tells `onChanged` (the page reloads its other lists, such as the audit, with `refresh`).
 * `load` and `failures` are module constants (stable across renders). */
export function useAdminList<T>(
  load: () => Promise<T[]>,
  failures = NO_SPECIAL_FAILURES,
  onChanged?: () => void,
) {
  const [items, setItems] = useState<T[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useCallback(
    () => load().then(setItems, (error: unknown) => setProblem(humanMessage(error, failures, ADMIN_FAILED))),
    [load, failures],
  );
  useEffect(() => void refresh(), [refresh]);
  const act = useCallback(
    async (change: () => Promise<unknown>) => {
      setProblem(null);
      try {
        await change();
      } catch (error) {
        setProblem(humanMessage(error, failures, ADMIN_FAILED));
      }
      await refresh();
      onChanged?.();
    },
    [refresh, failures, onChanged],
  );
  return { items, problem, act, refresh };
}
