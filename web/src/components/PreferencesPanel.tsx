import { Brain, X } from "lucide-react";

import { savedZpid } from "../homeActions";
import type { Preferences } from "../types";

interface Props {
  preferences: Preferences;
  onForget: (skill: string, key: string) => void;
}

/** "budget max" for budget_max; a saved home (home_<zpid>) reads "saved home". */
const humanKey = (key: string, entryType = "") =>
  savedZpid(entryType, key) ? "saved home" : key.replace(/_/g, " ");

/** "What I remember": the stored preferences, each with a forget button. */
export function PreferencesPanel({ preferences, onForget }: Props) {
  const entries = Object.entries(preferences).flatMap(([skill, list]) =>
    (list ?? []).map((entry) => ({ skill, ...entry })),
  );
  return (
    <section aria-labelledby="memory-heading" className="border-t border-slate-200 px-3 py-3" data-testid="preferences-panel">
      <h2 id="memory-heading" className="mb-2 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <Brain size={14} aria-hidden="true" />
        What I remember
      </h2>
      {entries.length === 0 ? (
        <p className="text-xs text-slate-500">Nothing yet. Mention a budget or an area and I will keep it in mind.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {entries.map(({ skill, key, value, entry_type }) => (
            <li
              key={`${skill}/${key}`}
              className="group flex items-center gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-100"
              title={`${entry_type} · ${skill}`}
            >
              <span className="min-w-0 flex-1 break-words text-slate-700">
                <span className="text-slate-600">{humanKey(key, entry_type)}:</span> {value}
              </span>
              <button
                type="button"
                aria-label={savedZpid(entry_type, key) ? `Remove saved home ${value}` : `Forget ${humanKey(key)}`}
                onClick={() => onForget(skill, key)}
                className="rounded p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-teal-600"
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
