import { afterEach, describe, expect, it } from "vitest";

import { keepGuestChat, takeGuestChat } from "./guestChat";
import { emptyAssistant } from "./hooks/useChatStream";
import type { ChatMessage } from "./types";

afterEach(() => window.sessionStorage.clear());

const asked: ChatMessage = { id: "u-1", role: "user", text: "3 bedroom houses in 78745" };
const answered: ChatMessage = { ...emptyAssistant(), text: "Here are 3 homes.", streaming: false };

describe("a guest's chat across single sign-on", () => {
  it("comes back once, in this tab only, without an answer still streaming", () => {
    keepGuestChat({ sessionId: "g-1", messages: [asked, answered, { ...emptyAssistant(), text: "half" }] });
    expect(window.localStorage.length).toBe(0);
    expect(takeGuestChat()).toEqual({ sessionId: "g-1", messages: [asked, answered] });
    expect(takeGuestChat()).toBeNull();
  });

  it("keeps nothing for an empty chat, and reads a damaged copy as nothing", () => {
    keepGuestChat({ sessionId: null, messages: [] });
    expect(takeGuestChat()).toBeNull();
    window.sessionStorage.setItem("propsearch.guest-chat", "{not json");
    expect(takeGuestChat()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });
});
