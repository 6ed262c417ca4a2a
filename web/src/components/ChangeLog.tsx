import { History, Undo2 } from "lucide-react";

import { savedZpid } from "../homeActions";
import type { MemoryChange } from "../types";

const SHOWN = 5;

const humanKey = (key: string) => key.replace(/_/g, " ");

/** One line saying what changed, e.g. "Saved home: 12 Oak St · $450,000" or "Forgot budget max". */
export function describeChange(change: MemoryChange): string {
  const home = savedZpid(change.entry_type, change.key) !== null;
  if (change.old === null || change.old === undefined) {
    return home ? `Saved home: ${change.new}` : `Remembered ${humanKey(change.key)}: ${change.new}`;
  }
  if (change.new === null || change.new === undefined) {
    return home ? `Removed saved home: ${change.old}` : `Forgot ${humanKey(change.key)} (was ${change.old})`;
  }
  return `Changed ${humanKey(change.key)}: ${change.old} → ${change.new}`;
}

const timeOf = (at: string) => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString([], { dateStyle: "short", timeStyle: "short" });
};

interface Props {
  changes: MemoryChange[];
  onUndo: (id: string) => void;
}

/** The newest memory changes made on the user's behalf, each with when, why and an undo. */
export function ChangeLog({ changes, onUndo }: Props) {
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="changes-heading" className="border-t border-slate-200 px-3 py-3" data-testid="change-log">
      <h2 id="changes-heading" className="mb-2 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
        <History size={14} aria-hidden="true" />
        Recent changes
      </h2>
      <ul className="flex flex-col gap-1.5">
        {changes.slice(0, SHOWN).map((change) => {
          const what = describeChange(change);
          return (
            <li key={change.id} className="flex items-start gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-100" data-testid="change-item">
              <div className="min-w-0 flex-1">
                <p className="break-words text-slate-700">{what}</p>
                <p className="text-xs text-slate-600">
                  <time dateTime={change.at}>{timeOf(change.at)}</time>
                  {change.message && <span className="break-words"> · “{change.message}”</span>}
                </p>
              </div>
              <button
                type="button"
                aria-label={`Undo: ${what}`}
                onClick={() => onUndo(change.id)}
                className="inline-flex shrink-0 items-center gap-0.5 rounded px-1.5 py-0.5 text-xs font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700"
              >
                <Undo2 size={12} aria-hidden="true" />
                Undo
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
