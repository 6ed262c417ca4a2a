import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";

/** A full page over the chat (the account page, the admin page): only its body scrolls. */
export function PageFrame({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <div className="fixed inset-0 z-40 flex flex-col bg-slate-50" data-testid="page-frame">
      <header className="flex shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
        <button
          type="button"
          onClick={onClose}
          className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          <ArrowLeft size={16} aria-hidden="true" /> Back to the chat
        </button>
        <h1 className="font-semibold text-slate-900">{title}</h1>
      </header>
      <main className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-4xl space-y-6 p-4">{children}</div>
      </main>
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" aria-label={title}>
      <h2 className="font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** A date and time as a person reads it; "never" for none. */
export const when = (seconds: number | null): string =>
  seconds === null ? "never" : new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
