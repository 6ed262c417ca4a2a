import { describe, expect, it } from "vitest";

import { messagesFromTurns } from "./useChatStream";

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
