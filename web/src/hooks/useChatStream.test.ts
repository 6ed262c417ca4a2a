import { describe, expect, it } from "vitest";

import { applyEvent, emptyAssistant, messagesFromTurns } from "./useChatStream";

describe("messagesFromTurns", () => {
  const turns = [{ user: "my budget is $450k", assistant: "Noted." }];

  it("rebuilds the stored exchanges", () => {
    const messages = messagesFromTurns(turns);
    expect(messages.map((m) => [m.role, m.text])).toEqual([
      ["user", "my budget is $450k"],
      ["assistant", "Noted."],
    ]);
  });

  it("asks again the question a paused turn waits for, after its words", () => {
    const pending = { id: "i1", question: "Forget your budget?", tool: null, args: {}, message: "forget my budget" };
    const messages = messagesFromTurns(turns, pending);
    expect(messages).toHaveLength(4);
    expect(messages[2]).toMatchObject({ role: "user", text: "forget my budget" });
    expect(messages[3]).toMatchObject({
      role: "assistant",
      streaming: false,
      confirm: { id: "i1", question: "Forget your budget?", tool: "" },
    });
  });
});

const waiting = emptyAssistant();

describe("applyEvent", () => {
  it("keeps only the answer text that stands when another server takes the turn over", () => {
    const cut = applyEvent({ ...emptyAssistant(), text: "Let me look. Here are" }, {
      type: "resumed",
      text: "Let me look. ",
    });
    expect(applyEvent(cut, { type: "token", content: "Three homes." }).text).toBe("Let me look. Three homes.");
  });

  it("marks a message queued behind the turn in progress until its own turn starts", () => {
    const queued = applyEvent(waiting, { type: "queued", run_id: "r2", ahead: 1 });
    expect(queued.queued).toBe("r2");
    expect(applyEvent(queued, { type: "session", session_id: "s" }).queued).toBe("r2");
    const started = applyEvent(queued, { type: "token", content: "Hi" });
    expect(started.queued).toBeNull();
    expect(started.text).toBe("Hi");
  });

  it("keeps the trace link a finished turn carries", () => {
    const url = "http://127.0.0.1:6006/redirects/traces/0123456789abcdef0123456789abcdef";
    const done = applyEvent(waiting, { type: "done", session_id: "s", trace_url: url });
    expect(done).toMatchObject({ streaming: false, traceUrl: url });
    expect(applyEvent(waiting, { type: "done", session_id: "s" }).traceUrl).toBeUndefined();
  });
});
