import { alertListings } from "../alertListings";
import { useCallback, useEffect, useRef, useState } from "react";

import { ApiError, cancelRun, isGuest, openChatStream, openConfirmStream, openRunStream } from "../api";
import { readChatEvents } from "../sse";
import type { AssistantMessage, ChatEvent, ChatMessage, PendingConfirm, RunInfo, Step, Turn } from "../types";

export interface TurnResult {
  sessionId: string;
  /** True when this turn created the session (its title now exists). */
  isNewSession: boolean;
}

export interface ChatStream {
  messages: ChatMessage[];
  sessionId: string | null;
  streaming: boolean;
  send: (text: string) => void;
  /** Drops the failed exchange and sends its user message again. */
  retry: () => void;
  /** Answers a paused run's yes/no question; the same answer message continues. */
  answerConfirm: (approve: boolean) => void;
  /** Shows a stored session (or an empty new chat when `id` is null), asking again the
   *  question its last turn paused on, if any, and rejoining the turn that runs on it. */
  open: (id: string | null, turns?: Turn[], pending?: PendingConfirm | null, run?: RunInfo | null) => void;
  /** Shows messages kept in the browser (a guest's chat across single sign-on) as session `id`'s. */
  restore: (id: string | null, messages: ChatMessage[]) => void;
  /** Cancels the queued run of the message `runId` (a message sent while another turn ran). */
  cancelQueued: (runId: string) => void;
}

/** Waits before each attempt to rejoin a turn after its connection dropped. */
export const REJOIN_DELAYS_MS = [250, 1000, 2000, 4000, 8000];
const GAP = "The connection was lost and this answer can no longer be followed; reload the chat to see it.";

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

export function emptyAssistant(): AssistantMessage {
  return {
    id: nextId("a"),
    role: "assistant",
    text: "",
    steps: [],
    data: null,
    hints: [],
    error: null,
    streaming: true,
  };
}

/** Rebuilds the chat messages of a stored session from its turns, then the paused turn. */
export function messagesFromTurns(turns: Turn[], pending?: PendingConfirm | null): ChatMessage[] {
  const stored = turns.flatMap((turn): ChatMessage[] => [
    { id: nextId("u"), role: "user", text: turn.user },
    {
      ...emptyAssistant(),
      text: turn.assistant ?? "",
      data: turn.data ?? null,
      hints: turn.hints ?? [],
      streaming: false,
    },
  ]);
  if (!pending) return stored;
  const { id, question, tool, args, message } = pending;
  return [
    ...stored,
    { id: nextId("u"), role: "user", text: message ?? "" },
    { ...emptyAssistant(), streaming: false, confirm: { id, question, tool: tool ?? "", args } },
  ];
}

function upsertStep(steps: Step[], event: Extract<ChatEvent, { type: "step" }>): Step[] {
  const step: Step = {
    id: event.id,
    name: event.name,
    label: event.label,
    status: event.status,
    summary: event.summary,
    ms: event.ms,
  };
  const index = steps.findIndex((existing) => existing.id === event.id);
  if (index === -1) return [...steps, step];
  const before = steps[index];
  const merged = { ...before, ...step, summary: step.summary ?? before?.summary, label: step.label ?? before?.label };
  return steps.map((existing, i) => (i === index ? merged : existing));
}

/** Applies one stream event to the assistant message being written. */
export function applyEvent(message: AssistantMessage, event: ChatEvent): AssistantMessage {
  if (message.queued && event.type !== "queued" && event.type !== "session") {
    message = { ...message, queued: null };
  }
  switch (event.type) {
    case "queued":
      return { ...message, queued: event.run_id };
    case "resumed":
      return { ...message, text: event.text };
    case "token":
      return { ...message, text: message.text + event.content };
    case "step":
      return { ...message, steps: upsertStep(message.steps, event) };
    case "data":
      return { ...message, data: event.data };
    case "hints":
      return { ...message, hints: event.hints };
    case "alerts":
      return {
        ...message,
        alerts: event.alerts.map((alert) => ({
          title: String(alert.title ?? ""),
          listings: alertListings(Array.isArray(alert.items) ? alert.items : []),
        })),
      };
    case "error":
      return { ...message, error: event.message };
    case "confirm":
      return {
        ...message,
        confirm: { id: event.id, question: event.question, tool: event.tool, args: event.args },
      };
    case "done":
      return event.trace_url ? { ...message, streaming: false, traceUrl: event.trace_url } : { ...message, streaming: false };
    default:
      return message;
  }
}

/** One chat session's messages and the streaming of new turns over POST /chat/stream. */
export function useChatStream(
  onTurnComplete?: (result: TurnResult) => void,
  /** Reloads a session whose turn can no longer be followed (a gap the server cannot fill). */
  onGap?: (sessionId: string) => void,
): ChatStream {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [streaming, setStreaming] = useState(false);
  const sessionRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onCompleteRef = useRef(onTurnComplete);
  onCompleteRef.current = onTurnComplete;
  const onGapRef = useRef(onGap);
  onGapRef.current = onGap;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const adoptSession = useCallback((id: string) => {
    sessionRef.current = id;
    setSessionId(id);
  }, []);

  /** Streams one request's events into the assistant message `assistantId`. */
  const stream = useCallback(
    async (
      assistantId: string,
      open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>,
    ) => {
      const controller = new AbortController();
      abortRef.current?.abort();
      abortRef.current = controller;
      const startedWith = sessionRef.current;
      setStreaming(true);

      const update = (change: (message: AssistantMessage) => AssistantMessage) =>
        setMessages((previous) =>
          previous.map((m) => (m.id === assistantId && m.role === "assistant" ? change(m) : m)),
        );

      let finished = false;
      let lastEventId: string | null = null;
      const follow = async (body: ReadableStream<Uint8Array>) => {
        for await (const event of readChatEvents(body, (id) => (lastEventId = id))) {
          if (controller.signal.aborted) return;
          if (event.type === "session" || (event.type === "done" && event.session_id)) {
            adoptSession((event as { session_id: string }).session_id);
          }
          if (event.type === "done") finished = true;
          update((message) => applyEvent(message, event));
        }
      };
      try {
        try {
          await follow(await open(controller.signal));
        } catch (error) {
          if (controller.signal.aborted || !lastEventId) throw error;
        }
        // The turn runs on without us: rejoin where we left (a dropped connection, a replica
        // restarting), a few times with growing pauses.
        for (const delay of REJOIN_DELAYS_MS) {
          const session = sessionRef.current;
          if (finished || controller.signal.aborted || !session || !lastEventId || isGuest()) break;
          await new Promise((resolve) => setTimeout(resolve, delay));
          try {
            await follow(await openRunStream(session, lastEventId, controller.signal));
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 404)) continue;
            if (!onGapRef.current) throw new Error(GAP);
            onGapRef.current(session); // show the session as stored instead
            return;
          }
        }
        if (controller.signal.aborted) return;
        if (!finished) throw new Error("The connection closed before the answer was complete.");
      } catch (error) {
        if (controller.signal.aborted) return;
        const reason = error instanceof Error ? error.message : String(error);
        const message = /fetch|network/i.test(reason)
          ? "Could not reach the PropSearch server."
          : reason;
        update((m) => ({ ...m, error: m.error ?? message, streaming: false }));
      } finally {
        if (abortRef.current === controller) {
          abortRef.current = null;
          setStreaming(false);
        }
      }
      const id = sessionRef.current;
      if (id && !controller.signal.aborted) {
        onCompleteRef.current?.({ sessionId: id, isNewSession: startedWith === null });
      }
    },
    [adoptSession],
  );

  const run = useCallback(
    async (text: string) => {
      const assistant = emptyAssistant();
      const startedWith = sessionRef.current;
      setMessages((previous) => [...previous, { id: nextId("u"), role: "user", text }, assistant]);
      await stream(assistant.id, (signal) => openChatStream(text, startedWith, signal));
    },
    [stream],
  );

  const answerConfirm = useCallback(
    (approve: boolean) => {
      const last = messagesRef.current.at(-1);
      const sessionId = sessionRef.current;
      if (abortRef.current || !sessionId || last?.role !== "assistant" || !last.confirm) return;
      const confirm = { id: last.confirm.id, approve };
      setMessages((previous) =>
        previous.map((m) =>
          m.id === last.id && m.role === "assistant" ? { ...m, confirm: null, streaming: true } : m,
        ),
      );
      void stream(last.id, (signal) => openConfirmStream(sessionId, confirm, signal));
    },
    [stream],
  );

  const send = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed || abortRef.current) return;
      void run(trimmed);
    },
    [run],
  );

  const retry = useCallback(() => {
    if (abortRef.current) return;
    const current = messagesRef.current;
    const userIndex = current.map((m) => m.role).lastIndexOf("user");
    const lastUser = current[userIndex];
    if (!lastUser) return;
    setMessages(current.slice(0, userIndex));
    void run(lastUser.text);
  }, [run]);

  const open = useCallback(
    (id: string | null, turns: Turn[] = [], pending?: PendingConfirm | null, run?: RunInfo | null) => {
      abortRef.current?.abort();
      abortRef.current = null;
      setStreaming(false);
      sessionRef.current = id;
      setSessionId(id);
      const stored = messagesFromTurns(turns, pending);
      if (!id || !run) {
        setMessages(stored);
        return;
      }
      // A turn runs on this session (a reload, a second tab): show it and follow it live.
      const assistant = emptyAssistant();
      setMessages([...stored, { id: nextId("u"), role: "user", text: run.message }, assistant]);
      void stream(assistant.id, (signal) => openRunStream(id, null, signal));
    },
    [stream],
  );

  const restore = useCallback(
    (id: string | null, kept: ChatMessage[]) => {
      open(id);
      setMessages(kept);
    },
    [open],
  );

  const cancelQueued = useCallback((runId: string) => {
    const session = sessionRef.current;
    if (session) void cancelRun(session, runId).catch(() => undefined);
  }, []);

  useEffect(() => () => abortRef.current?.abort(), []);

  return { messages, sessionId, streaming, send, retry, answerConfirm, open, restore, cancelQueued };
}
