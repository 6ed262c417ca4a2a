import { Inbox } from "lucide-react";

import type { Handoff } from "../types";

interface Props {
  handoffs: Handoff[];
  onHandled: (id: string) => void;
}

/** The agent's view: requests skills handed to a person (a tour request...), open ones first. */
export function HandoffInbox({ handoffs, onHandled }: Props) {
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
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
