/** Every HTTP call the UI makes to the PropSearch API (docs/protocol.md). */
import { readStored, writeStored } from "./storage";
import type { MeAnswer } from "./api-types";
import type {
  Alert,
  Handoff,
  MemoryChange,
  Preferences,
  ResultData,
  SessionHistory,
  SessionSummary,
} from "./types";

export const TOKEN_KEY = "propsearch.token";
export const GUEST_KEY = "propsearch.guest";

/** The bearer token the user pasted, or null (no tokens configured, or a guest). */
export const getToken = (): string | null => readStored<string | null>(TOKEN_KEY, null);
/** True when the user chose "continue as guest": chats go to /chat/public, nothing is kept. */
export const isGuest = (): boolean => readStored<boolean>(GUEST_KEY, false);

export function signIn(token: string): void {
  writeStored(TOKEN_KEY, token.trim());
  writeStored(GUEST_KEY, false);
}

export function continueAsGuest(): void {
  writeStored(TOKEN_KEY, null);
  writeStored(GUEST_KEY, true);
}

export function signOut(): void {
  writeStored(TOKEN_KEY, null);
  writeStored(GUEST_KEY, false);
}

type AuthListener = () => void;
const authListeners = new Set<AuthListener>();

/** Calls `listener` whenever the API answers 401 (sign-in needed); returns the unsubscribe. */
export function onAuthRequired(listener: AuthListener): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

const CSRF_COOKIE = "propsearch_csrf";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The session's CSRF token (the server's readable cookie), sent back on every write. */
function csrfToken(): string | null {
  const found = document.cookie.split("; ").find((part) => part.startsWith(`${CSRF_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(CSRF_COOKIE.length + 1)) : null;
}

/** The pasted token as a bearer, and on writes the CSRF header a session cookie needs. */
function withCredentials(init?: RequestInit): RequestInit | undefined {
  const token = getToken();
  const csrf = SAFE_METHODS.has((init?.method ?? "GET").toUpperCase()) ? null : csrfToken();
  if (!token && !csrf) return init;
  const headers = new Headers(init?.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (csrf) headers.set("X-CSRF-Token", csrf);
  return { ...init, headers };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function describeFailure(response: Response): Promise<ApiError> {
  let detail = response.statusText || `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { detail?: unknown; error?: unknown };
    const text = body.detail ?? body.error;
    if (typeof text === "string") detail = text;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(response.status, detail);
}

async function request(path: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(path, withCredentials(init));
  if (response.status === 401) authListeners.forEach((listener) => listener());
  if (!response.ok) throw await describeFailure(response);
  return response;
}

export async function getJson<T>(path: string): Promise<T> {
  return (await (await request(path)).json()) as T;
}

/** Sends `body` as JSON with `method`; the answer's JSON (null for an empty answer). */
export async function sendJson<T>(method: string, path: string, body?: object): Promise<T> {
  const response = await request(path, {
    method,
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

const sessionPath = (id: string) => `/sessions/${encodeURIComponent(id)}`;

async function postChatStream(body: object, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const response = await request(isGuest() ? "/chat/public/stream" : "/chat/stream", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.body) throw new ApiError(response.status, "The server sent no stream");
  return response.body;
}

/** Opens one chat turn as an SSE stream; the caller reads the body with `readChatEvents`. */
export async function openChatStream(
  message: string,
  sessionId: string | null,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  return postChatStream(sessionId ? { session_id: sessionId, message } : { message }, signal);
}

/** Rejoins a session's turn: what was missed after `lastEventId` (all of it without one),
 * then the rest live (GET /sessions/{id}/stream). */
export async function openRunStream(
  sessionId: string,
  lastEventId: string | null,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const headers: Record<string, string> = { Accept: "text/event-stream" };
  if (lastEventId) headers["Last-Event-ID"] = lastEventId;
  const response = await request(`${sessionPath(sessionId)}/stream`, { headers, signal });
  if (!response.body) throw new ApiError(response.status, "The server sent no stream");
  return response.body;
}

/** Cancels a turn that runs or waits its turn. */
export async function cancelRun(sessionId: string, runId: string): Promise<void> {
  await request(`${sessionPath(sessionId)}/runs/${encodeURIComponent(runId)}`, { method: "DELETE" });
}

/** Resumes a run paused on a `confirm` event with the user's answer (no message). */
export async function openConfirmStream(
  sessionId: string,
  confirm: { id: string; approve: boolean },
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  return postChatStream({ session_id: sessionId, confirm }, signal);
}

export async function listSessions(): Promise<SessionSummary[]> {
  return (await getJson<{ sessions: SessionSummary[] }>("/sessions")).sessions;
}

export async function getSession(id: string): Promise<SessionHistory> {
  const history = await getJson<SessionHistory>(sessionPath(id));
  return { ...history, turns: history.turns ?? [] };
}

export async function getSessionTitle(id: string): Promise<string> {
  return (await getJson<{ title: string }>(`${sessionPath(id)}/title`)).title;
}

export async function deleteSession(id: string): Promise<void> {
  await request(sessionPath(id), { method: "DELETE" });
}

export async function getPreferences(): Promise<Preferences> {
  return (await getJson<{ preferences: Preferences }>("/memory/preferences")).preferences;
}

export async function forgetPreference(skill: string, key: string): Promise<void> {
  const path = `/memory/preferences/${encodeURIComponent(skill)}/${encodeURIComponent(key)}`;
  await request(path, { method: "DELETE" });
}

/** What POST /tools/{tool} answers: the tool's result and the memory change it made, if any;
 * or (the call was sent with `ask`) the question and the token to go ahead. */
export interface ToolReply {
  result: Record<string, unknown>;
  change?: MemoryChange;
}

interface ToolAnswer extends Partial<ToolReply> {
  question?: string;
  confirm?: string;
}

/**
 * Calls one skill tool directly (role-checked by the server like the graph's calls). A call
 * that deletes or changes a remembered entry needs a confirmation first: sent with `ask`, the
 * server answers it with a `confirm` token (200, not a 409 the browser would log); the user's
 * own click that started this call is the confirmation, so it is sent once more with it.
 */
export async function callTool(tool: string, params: Record<string, unknown>): Promise<ToolReply> {
  const post = async (confirm?: string) =>
    (await (
      await request(`/tools/${encodeURIComponent(tool)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(confirm ? { params, confirm, ask: true } : { params, ask: true }),
      })
    ).json()) as ToolAnswer;
  let answer = await post();
  if (answer.result === undefined && typeof answer.confirm === "string") answer = await post(answer.confirm);
  if (answer.result === undefined) throw new ApiError(409, answer.question ?? `${tool} was not confirmed`);
  return answer as ToolReply;
}

export async function compareHomes(zpids: string[]): Promise<ResultData> {
  return (await callTool("compare_properties", { zpids })).result as unknown as ResultData;
}

export async function getChanges(): Promise<MemoryChange[]> {
  return (await getJson<{ changes: MemoryChange[] }>("/memory/changes")).changes ?? [];
}

export async function undoChange(id: string): Promise<void> {
  await request(`/memory/changes/${encodeURIComponent(id)}/undo`, { method: "POST" });
}

/** Who the caller is and their role: the UI asks only for what that role may see. */
export async function getMe(): Promise<MeAnswer> {
  return getJson<MeAnswer>("/me");
}

/** Roles that have the handoff inbox (GET /handoffs answers 403 to any other). */
export const HANDOFF_ROLES: readonly string[] = ["agent", "admin"];

/** The handoff inbox (agents and admins); a 403 means this caller has none. */
export async function getHandoffs(): Promise<Handoff[]> {
  const { handoffs } = await getJson<{ handoffs?: unknown }>("/handoffs");
  if (!Array.isArray(handoffs)) throw new Error("GET /handoffs answered without a list");
  return handoffs as Handoff[];
}

/** What the signed-in caller asked a person for (tour requests...), newest first, each with
 * its status and the agent's answers. */
export async function getMyHandoffs(): Promise<Handoff[]> {
  const { handoffs } = await getJson<{ handoffs?: unknown }>("/handoffs/mine");
  if (!Array.isArray(handoffs)) throw new Error("GET /handoffs/mine answered without a list");
  return handoffs as Handoff[];
}

export async function markHandled(id: string): Promise<void> {
  await request(`/handoffs/${encodeURIComponent(id)}/handled`, { method: "POST" });
}

/** An agent's answer to the person who asked; the request is then handled. */
export async function replyToHandoff(id: string, text: string): Promise<void> {
  await request(`/handoffs/${encodeURIComponent(id)}/reply`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text }),
  });
}

/** The user's alerts, newest first, and how many are unread. */
export async function getAlerts(): Promise<{ alerts: Alert[]; unread: number }> {
  return getJson<{ alerts: Alert[]; unread: number }>("/alerts");
}

/** Marks these alerts read (all of the user's without ids). */
export async function markAlertsRead(ids?: string[]): Promise<void> {
  await request("/alerts/read", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ids ? { ids } : { all: true }),
  });
}
