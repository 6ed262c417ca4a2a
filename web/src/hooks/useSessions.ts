import { useCallback, useEffect, useRef, useState } from "react";

import { deleteSession, getSessionTitle, listSessions } from "../api";
import { readStored, writeStored } from "../storage";
import type { SessionSummary } from "../types";

export const TITLES_KEY = "propsearch.sessionTitles";

type Titles = Record<string, string>;

/** Untitled sessions whose title is fetched per list refresh; older ones keep the id prefix. */
const TITLE_FETCH_LIMIT = 20;

export interface SessionsState {
  sessions: SessionSummary[];
  error: string | null;
  titleOf: (id: string) => string;
  refresh: () => Promise<SessionSummary[]>;
  /** The list as first loaded on mount (one request however many callers ask). */
  firstList: () => Promise<SessionSummary[]>;
  /** Fetches and caches the title once the session's first exchange is stored. */
  loadTitle: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

/** The sidebar's session list, with titles cached in localStorage. */
export function useSessions(enabled = true): SessionsState {
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const [titles, setTitles] = useState<Titles>(() => readStored<Titles>(TITLES_KEY, {}));
  const [error, setError] = useState<string | null>(null);
  const titlesRef = useRef(titles);
  titlesRef.current = titles;
  const requested = useRef(new Set<string>());

  const cacheTitle = useCallback((id: string, title: string) => {
    setTitles((previous) => {
      if (previous[id] === title) return previous;
      const next = { ...previous, [id]: title };
      writeStored(TITLES_KEY, next);
      return next;
    });
  }, []);

  const loadTitle = useCallback(
    async (id: string) => {
      requested.current.add(id);
      try {
        const title = await getSessionTitle(id);
        if (title) cacheTitle(id, title);
      } catch {
        // The id prefix stays as the fallback title.
      }
    },
    [cacheTitle],
  );

  const refresh = useCallback(async () => {
    try {
      const list = await listSessions();
      setSessions(list);
      setError(null);
      for (const session of list) if (session.title) cacheTitle(session.id, session.title);
      list
        .filter(({ id, title }) => !title && !titlesRef.current[id] && !requested.current.has(id))
        .slice(0, TITLE_FETCH_LIMIT)
        .forEach(({ id }) => void loadTitle(id));
      return list;
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not load chats");
      return [];
    }
  }, [cacheTitle, loadTitle]);

  const remove = useCallback(async (id: string) => {
    await deleteSession(id);
    setSessions((previous) => previous.filter((session) => session.id !== id));
    setTitles((previous) => {
      const { [id]: _removed, ...rest } = previous;
      writeStored(TITLES_KEY, rest);
      return rest;
    });
  }, []);

  const titleOf = useCallback((id: string) => titles[id] ?? id.slice(0, 8), [titles]);

  const refreshIfEnabled = useCallback(
    async () => (enabled ? refresh() : []),
    [enabled, refresh],
  );

  // The first list of whoever is signed in: asked again when a guest signs in.
  const first = useRef<{ enabled: boolean; list: Promise<SessionSummary[]> } | null>(null);
  const firstList = useCallback(() => {
    if (first.current?.enabled !== enabled) first.current = { enabled, list: refreshIfEnabled() };
    return first.current.list;
  }, [enabled, refreshIfEnabled]);

  useEffect(() => {
    void firstList();
  }, [firstList]);

  return { sessions, error, titleOf, refresh: refreshIfEnabled, firstList, loadTitle, remove };
}
