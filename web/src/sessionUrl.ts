/**
 * The open session lives in the address as `?s=<id>` (a query, so the API's static file
 * serving needs no fallback route). A fresh "New chat" is `/` with `{fresh: true}` history
 * state, so Back can return to it while a plain `/` opens the most recent session.
 */
const PARAM = "s";

export function sessionFromUrl(): string | null {
  const id = new URLSearchParams(window.location.search).get(PARAM);
  return id && id.trim() ? id : null;
}

/** True when the current history entry is a fresh chat started with "New chat". */
export const isFreshEntry = (): boolean =>
  Boolean((window.history.state as { fresh?: boolean } | null)?.fresh);

function urlFor(id: string | null): string {
  const params = new URLSearchParams(window.location.search);
  if (id) params.set(PARAM, id);
  else params.delete(PARAM);
  const query = params.toString();
  return `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
}

export type HistoryMode = "push" | "replace";

/** Points the address at session `id` (null: a fresh chat) unless it already does. */
export function showSessionInUrl(id: string | null, mode: HistoryMode): void {
  if (id !== null && sessionFromUrl() === id) return;
  const state = id === null ? { fresh: true } : { session: id };
  if (mode === "push") window.history.pushState(state, "", urlFor(id));
  else window.history.replaceState(state, "", urlFor(id));
}
