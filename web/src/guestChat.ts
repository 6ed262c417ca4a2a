/** A guest's conversation carried across the single sign-on round trip, which leaves the page.
 *
 * Kept in this tab's sessionStorage (never sent to the server, gone with the tab) and read once
 * on the way back: the guest's chats live under the one guest every visitor shares, so the
 * server is never asked to hand a guest conversation to whoever names it. */
import type { ChatMessage } from "./types";

const KEY = "propsearch.guest-chat";

export interface GuestChat {
  sessionId: string | null;
  messages: ChatMessage[];
}

/** Keeps what the guest sees (finished messages only) before the page goes to the provider. */
export function keepGuestChat(chat: GuestChat): void {
  const messages = chat.messages.filter((message) => message.role === "user" || !message.streaming);
  if (messages.length === 0) return;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ sessionId: chat.sessionId, messages }));
  } catch {
    // Storage unavailable: the person comes back to a new chat, as before.
  }
}

/** The conversation kept before the round trip, once (it is removed as it is read). */
export function takeGuestChat(): GuestChat | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    const kept = raw ? (JSON.parse(raw) as Partial<GuestChat>) : null;
    return kept && Array.isArray(kept.messages) ? { sessionId: kept.sessionId ?? null, messages: kept.messages } : null;
  } catch {
    return null;
  }
}
