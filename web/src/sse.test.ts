import { describe, expect, it } from "vitest";

import { EVENT_TYPES } from "./event-types";
import { createSseParser, EVENT_HANDLING, readChatEvents, toChatEvent } from "./sse";
import { streamResponse } from "./test/fixtures";

function parseAll(chunks: string[]) {
  const parser = createSseParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.flush()];
}

async function collect(chunks: string[]) {
  const events = [];
  for await (const event of readChatEvents(streamResponse(chunks).body!)) events.push(event);
  return events;
}

describe("createSseParser", () => {
  it("parses several events in one chunk", () => {
    const events = parseAll(['data: {"type":"token","content":"a"}\n\ndata: {"type":"token","content":"b"}\n\n']);
    expect(events.map((e) => e.data)).toEqual(['{"type":"token","content":"a"}', '{"type":"token","content":"b"}']);
  });

  it("joins an event split mid-line across chunks", () => {
    const events = parseAll(['da', 'ta: {"type":"tok', 'en","content":"hi"}', "\n", "\n"]);
    expect(events).toEqual([{ event: "message", data: '{"type":"token","content":"hi"}', id: "" }]);
  });

  it("waits for the blank line before emitting an event", () => {
    const parser = createSseParser();
    expect(parser.push('data: {"type":"done"}\n')).toEqual([]);
    expect(parser.push("\n")).toHaveLength(1);
  });

  it("handles CRLF, including a CRLF split between chunks", () => {
    const events = parseAll(['data: {"a":1}\r', '\n\r\n', 'data: {"a":2}\r\n\r\n']);
    expect(events.map((e) => e.data)).toEqual(['{"a":1}', '{"a":2}']);
  });

  it("handles bare CR line endings", () => {
    expect(parseAll(['data: {"a":1}\r\r']).map((e) => e.data)).toEqual(['{"a":1}']);
  });

  it("ignores comments and keeps the event name", () => {
    const events = parseAll([": ping\n\nevent: token\ndata: {}\n\n"]);
    expect(events).toEqual([{ event: "token", data: "{}", id: "" }]);
  });

  it("joins multi-line data with newlines", () => {
    expect(parseAll(["data: a\ndata: b\n\n"])[0]?.data).toBe("a\nb");
  });

  it("emits a final event that lacks its blank line at end of stream", () => {
    expect(parseAll(['data: {"type":"done"}'])).toHaveLength(1);
  });
});

describe("toChatEvent", () => {
  it("keeps each event's id, for a reconnect's Last-Event-ID", () => {
    const events = parseAll(['id: run1:1\ndata: {"a":1}\n\ndata: {"a":2}\n\nid: run1:3\ndata: {}\n\n']);
    expect(events.map((e) => e.id)).toEqual(["run1:1", "", "run1:3"]);
  });

  it("drops unknown types and invalid JSON", () => {
    expect(toChatEvent({ event: "message", data: '{"type":"telemetry","x":1}', id: "" })).toBeNull();
    expect(toChatEvent({ event: "message", data: "not json", id: "" })).toBeNull();
  });

  it("reads every event type the server sends, or drops it because EVENT_HANDLING says why", () => {
    for (const type of EVENT_TYPES) {
      const handling = EVENT_HANDLING[type];
      const event = toChatEvent({ event: "message", data: JSON.stringify({ type }), id: "" });
      if (handling === "read") expect(event).toEqual({ type });
      else expect([type, event, handling.ignored.length > 0]).toEqual([type, null, true]);
    }
  });

  it("ignores the usage event on purpose", () => {
    expect(EVENT_HANDLING.usage).toHaveProperty("ignored");
    const usage = { type: "usage", calls: 1, prompt_tokens: 9, cached_tokens: 0, completion_tokens: 2, cost: null, per_call: [] };
    expect(toChatEvent({ event: "message", data: JSON.stringify(usage), id: "" })).toBeNull();
  });

  it("keeps known types", () => {
    expect(toChatEvent({ event: "message", data: '{"type":"token","content":"x"}', id: "" })).toEqual({
      type: "token",
      content: "x",
    });
  });
});

describe("readChatEvents", () => {
  it("yields typed events from a byte stream split anywhere", async () => {
    const text =
      'data: {"type":"session","session_id":"s1"}\r\n\r\n' +
      'data: {"type":"mystery","value":1}\r\n\r\n' +
      'data: {"type":"token","content":"Hello"}\r\n\r\n' +
      'data: {"type":"done","session_id":"s1"}\r\n\r\n';
    const chunks = text.match(/.{1,7}/gs) ?? [];
    const events = await collect(chunks);
    expect(events.map((e) => e.type)).toEqual(["session", "token", "done"]);
  });

  it("decodes multi-byte characters split across chunks", async () => {
    const encoder = new TextEncoder();
    const bytes = encoder.encode('data: {"type":"token","content":"Searching…"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readChatEvents(body)) events.push(event);
    expect(events).toEqual([{ type: "token", content: "Searching…" }]);
  });
});
