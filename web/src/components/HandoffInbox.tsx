import { Inbox } from "lucide-react";
import { useState, type FormEvent } from "react";

import type { Handoff } from "../types";

interface Props {
  handoffs: Handoff[];
  onHandled: (id: string) => void;
  onReply: (id: string, text: string) => void;
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** The agent's view: requests skills handed to a person (a tour request...), open ones first. */
export function HandoffInbox({ handoffs, onHandled, onReply }: Props) {
  const ordered = [...handoffs].sort((a, b) => Number(Boolean(a.handled_at)) - Number(Boolean(b.handled_at)));
  const open = handoffs.filter((h) => !h.handled_at).length;
  return (
    <section aria-labelledby="handoffs-heading" className="border-t border-slate-200 px-3 py-3" data-testid="handoff-inbox">
      <h2 id="handoffs-heading" className="mb-2 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <Inbox size={14} aria-hidden="true" />
        Requests for agents ({open} open)
      </h2>
      {ordered.length === 0 ? (
        <p className="text-xs text-slate-500">No requests yet.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {ordered.map((handoff) => (
            <li key={handoff.id} className="rounded-lg px-2 py-1 text-sm hover:bg-slate-100" data-testid="handoff-item">
              <p className="break-words font-medium text-slate-700">{handoff.title}</p>
              <p className="break-words text-xs text-slate-600">
                {handoff.summary} · from {handoff.user}
              </p>
              <HandoffFacts handoff={handoff} />
              {(handoff.replies ?? []).map((reply, i) => (
                <p key={`${reply.at}-${i}`} className="break-words text-xs text-slate-700" data-testid="handoff-reply">
                  {reply.by}: {reply.text}
                </p>
              ))}
              {handoff.handled_at ? (
                <p className="text-xs text-slate-600">Handled by {handoff.handled_by}</p>
              ) : (
                <button
                  type="button"
                  className="mt-1 rounded bg-teal-700 px-2 text-xs text-white"
                  aria-label={`Mark handled: ${handoff.title}`}
                  onClick={() => onHandled(handoff.id)}
                >
                  Mark handled
                </button>
              )}
              <ReplyForm title={handoff.title} onSend={(said) => onReply(handoff.id, said)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the skill said of the request that an agent acts on: the listing's link and the contact. */
function HandoffFacts({ handoff }: { handoff: Handoff }) {
  const url = text(handoff.details.url);
  const contact = text(handoff.details.contact);
  if (!url && !contact) return null;
  return (
    <p className="flex flex-wrap gap-x-2 text-xs text-slate-600">
      {url && (
        <a href={url} target="_blank" rel="noreferrer" className="text-teal-800 underline">
          View the listing
        </a>
      )}
      {contact && <span data-testid="handoff-contact">Contact: {contact}</span>}
    </p>
  );
}

/** An answer to the person who asked (the request is then handled and they are told). */
function ReplyForm({ title, onSend }: { title: string; onSend: (text: string) => void }) {
  const [draft, setDraft] = useState("");
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) onSend(draft.trim());
    setDraft("");
  };
  return (
    <form onSubmit={send} className="mt-1 flex gap-1">
      <input
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        maxLength={300}
        aria-label={`Answer: ${title}`}
        placeholder="Answer the buyer…"
        className="min-w-0 flex-1 rounded border border-slate-300 px-1.5 text-xs"
      />
      <button type="submit" className="rounded border border-teal-700 px-2 text-xs text-teal-800">
        Send
      </button>
    </form>
  );
}
