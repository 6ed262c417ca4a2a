import { CalendarClock } from "lucide-react";

import type { Handoff } from "../types";

interface Props {
  requests: Handoff[];
}

const said = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** "Sat 28 Nov" from an ISO time; the day an agent handled a request. */
const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });

/** The buyer's view of their requests for a person (tours...): what, when, and its status. */
export function MyRequests({ requests }: Props) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="my-requests-heading" className="border-t border-slate-200 px-3 py-3" data-testid="my-requests">
      <h2 id="my-requests-heading" className="mb-2 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <CalendarClock size={14} aria-hidden="true" />
        Your requests
      </h2>
      <ul className="flex flex-col gap-2">
        {requests.map((request) => (
          <RequestItem key={request.id} request={request} />
        ))}
      </ul>
    </section>
  );
}

function RequestItem({ request }: { request: Handoff }) {
  const times = said(request.details.times); // dates and hours, or "any time that suits the agent"
  const replies = request.replies ?? [];
  return (
    <li className="rounded-lg px-2 py-1 text-sm" data-testid="my-request">
      <p className="break-words font-medium text-slate-700">{request.title}</p>
      {times && (
        <p className="break-words text-xs text-slate-600" data-testid="my-request-times">
          {times.charAt(0).toUpperCase() + times.slice(1)}
        </p>
      )}
      <p className="text-xs font-medium text-slate-700" data-testid="my-request-status">
        {request.handled_at ? `Handled by an agent on ${day(request.handled_at)}` : "Waiting for an agent"}
      </p>
      {replies.map((reply, i) => (
        <p key={`${reply.at}-${i}`} className="break-words text-xs text-slate-700" data-testid="my-request-reply">
          The agent answered: {reply.text}
        </p>
      ))}
    </li>
  );
}
