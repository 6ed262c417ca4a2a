import { History, Undo2 } from "lucide-react";

import { changeSource, describeChange, type Addresses } from "../entries";
import type { MemoryChange } from "../types";

const SHOWN = 5;

const timeOf = (at: string) => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString([], { dateStyle: "short", timeStyle: "short" });
};

interface Props {
  changes: MemoryChange[];
  /** Addresses of watched homes by zpid, to name them. */
  addresses?: Addresses;
  onUndo: (id: string) => void;
}

/** The newest memory changes made on the user's behalf, each with when, why and an undo. */
export function ChangeLog({ changes, addresses = {}, onUndo }: Props) {
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="changes-heading" className="border-t border-slate-200 px-3 py-3" data-testid="change-log">
      <h2 id="changes-heading" className="mb-2 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
        <History size={14} aria-hidden="true" />
        Recent changes
      </h2>
      <ul className="flex flex-col gap-1.5">
        {changes.slice(0, SHOWN).map((change) => {
          const what = describeChange(change, addresses);
          return (
            <li key={change.id} className="flex items-start gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-100" data-testid="change-item">
              <div className="min-w-0 flex-1">
                <p className="break-words text-slate-700">{what}</p>
                <p className="text-xs text-slate-600">
                  <time dateTime={change.at}>{timeOf(change.at)}</time>
                  {change.message && <span className="break-words"> · {changeSource(change.message)}</span>}
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
