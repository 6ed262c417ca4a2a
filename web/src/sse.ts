/**
 * Server-sent events over fetch: EventSource cannot POST, so /chat/stream is read as a
 * ReadableStream and parsed here. Follows the WHATWG event-stream rules that matter to us:
 * LF, CRLF and CR line endings, multi-line `data:`, comments, and events split across chunks.
 */
import { EVENT_TYPES, type EventType } from "./event-types";
import type { ChatEvent } from "./types";

export interface RawSseEvent {
  event: string;
  data: string;
  /** The event's `id:` (a run's `<run>:<number>`), '' when it had none. */
  id: string;
}

export interface SseParser {
  /** Feed decoded text; returns the events completed by it. */
  push(chunk: string): RawSseEvent[];
  /** End of stream: returns a last event that was not followed by a blank line. */
  flush(): RawSseEvent[];
}

export function createSseParser(): SseParser {
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let id = "";
  let hasData = false;

  function dispatch(out: RawSseEvent[]): void {
    if (hasData) out.push({ event: event || "message", data: data.join("\n"), id });
    event = "";
    data = [];
    id = "";
    hasData = false;
  }

  function handleLine(line: string, out: RawSseEvent[]): void {
    if (line === "") return dispatch(out);
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") {
      data.push(value);
      hasData = true;
    } else if (field === "event") {
      event = value;
    } else if (field === "id") {
      id = value;
    }
  }

  function drain(final: boolean): RawSseEvent[] {
    const out: RawSseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match) break;
      // A trailing CR may be the first half of a CRLF split across chunks: wait for more.
      if (match[0] === "\r" && match.index === buffer.length - 1 && !final) break;
      handleLine(buffer.slice(0, match.index), out);
      buffer = buffer.slice(match.index + match[0].length);
    }
    return out;
  }

  return {
    push(chunk) {
      buffer += chunk;
      return drain(false);
    },
    flush() {
      const out = drain(true);
      if (buffer !== "") {
        handleLine(buffer, out);
        buffer = "";
      }
      dispatch(out);
      return out;
    },
  };
}

/** How this client treats each event type of agent_graph/events.py: it reads it, or says why
 * not. A new event type fails `npm run typecheck` here until it is listed. */
export const EVENT_HANDLING: Record<EventType, "read" | { ignored: string }> = {
  session: "read",
  queued: "read",
  resumed: "read",
  token: "read",
  step: "read",
  data: "read",
  alerts: "read",
  hints: "read",
  confirm: "read",
  error: "read",
  usage: { ignored: "token counts and cost are for the bench and /v1; the chat shows neither" },
  done: "read",
};

const READ: ReadonlySet<string> = new Set(EVENT_TYPES.filter((type) => EVENT_HANDLING[type] === "read"));

/** Decodes one raw event into a typed chat event; ignored and unknown types and bad JSON give null. */
export function toChatEvent(raw: RawSseEvent): ChatEvent | null {
  let payload: unknown;
  try {
    payload = JSON.parse(raw.data);
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null) return null;
  const record = payload as Record<string, unknown>;
  const type = typeof record.type === "string" ? record.type : raw.event;
  if (!READ.has(type)) return null;
  return { ...record, type } as ChatEvent;
}

/** Yields the chat events of an SSE response body as they arrive; `onId` hears each event's
 * id first (what a reconnect sends back as Last-Event-ID). */
export async function* readChatEvents(
  body: ReadableStream<Uint8Array>,
  onId?: (id: string) => void,
): AsyncGenerator<ChatEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const raws = done
        ? [...parser.push(decoder.decode()), ...parser.flush()]
        : parser.push(decoder.decode(value, { stream: true }));
      for (const raw of raws) {
        if (raw.id) onId?.(raw.id);
        const event = toChatEvent(raw);
        if (event) yield event;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
