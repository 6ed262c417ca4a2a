import { useEffect, useRef } from "react";

import type { ChatMessage, Listing, ViewMode } from "../types";
import { AssistantMessageView } from "./AssistantMessageView";

interface Props {
  messages: ChatMessage[];
  busy: boolean;
  viewMode: ViewMode;
  onViewModeChange: (mode: ViewMode) => void;
  onSelectListing: (listing: Listing) => void;
  onSend: (text: string) => void;
  onRetry: () => void;
  onConfirm: (approve: boolean) => void;
  onCancelQueued: (runId: string) => void;
}

/** The conversation; each new question is scrolled into view with its answer below it. */
export function MessageList({ messages, ...handlers }: Props) {
  const lastQuestion = useRef<HTMLLIElement>(null);
  const lastUserId = messages.findLast((message) => message.role === "user")?.id;

  // Each new question scrolls to the top of the view, so its answer (intro, cards, detail)
  // reads from the start instead of the page jumping to the bottom of a long card grid.
  useEffect(() => {
    lastQuestion.current?.scrollIntoView?.({ block: "start" });
  }, [lastUserId]);

  return (
    <div className="mx-auto w-full max-w-4xl px-3 py-6 sm:px-6">
      <ol className="flex flex-col gap-6" aria-label="Conversation">
      {messages.map((message, index) => (
        <li
          key={message.id}
          ref={message.id === lastUserId ? lastQuestion : undefined}
          className={
            message.role === "user"
              ? "flex scroll-mt-4 justify-end"
              : // Room below the newest answer so its question can scroll to the top.
                `min-w-0 ${index === messages.length - 1 ? "min-h-[calc(100dvh-16rem)]" : ""}`
          }
        >
          {message.role === "user" ? (
            <p
              className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-teal-700 px-4 py-2 text-white"
              data-testid="user-message"
            >
              {message.text}
            </p>
          ) : (
            <AssistantMessageView message={message} isLast={index === messages.length - 1} {...handlers} />
          )}
        </li>
      ))}
      </ol>
    </div>
  );
}
