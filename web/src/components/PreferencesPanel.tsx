import { Brain, X } from "lucide-react";

import { entryKind, entryWords, watchedHome, watchedZpid, type Addresses } from "../entries";
import { savedZpid } from "../homeActions";
import type { Preferences } from "../types";
import { parseCriteria, SavedSearchItem, WatchItem } from "./SavedSearchItem";

interface Props {
  preferences: Preferences;
  onForget: (skill: string, key: string) => void;
  /** Calls the skill tool that rewrites an entry (saved searches, watches); absent: read-only. */
  onEdit?: (tool: string, params: Record<string, unknown>) => Promise<void>;
  /** Addresses of watched homes by zpid. */
  addresses?: Addresses;
}

const forgetLabel = (entryType: string, key: string, value: string, addresses: Addresses) => {
  if (savedZpid(entryType, key)) return `Remove saved home ${value}`;
  if (watchedZpid(entryType, key)) return `Stop watching ${watchedHome(key, addresses)}`;
  if (entryType === "SEARCH") return `Forget saved search ${entryWords(entryType, key, value, addresses)}`;
  return `Forget ${entryKind(entryType, key)}`;
};

/** "What I remember": the stored preferences, each with a forget button. */
export function PreferencesPanel({ preferences, onForget, onEdit, addresses = {} }: Props) {
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
        <p className="text-xs text-slate-500">Nothing yet. Say “my budget is $450k” or “I only want houses” and I will keep it in mind; save homes, searches and watches to see them here.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {entries.map(({ skill, key, value, entry_type }) => (
            <li
              key={`${skill}/${key}`}
              className="group flex items-center gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-100"
            >
              <EntryText entryType={entry_type} entryKey={key} value={value} onEdit={onEdit} addresses={addresses} />
              <button
                type="button"
                aria-label={forgetLabel(entry_type, key, value, addresses)}
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

interface EntryProps {
  entryType: string;
  entryKey: string;
  value: string;
  onEdit?: Props["onEdit"];
  addresses: Addresses;
}

/** One entry's text: a saved search or a watch can be changed in place when `onEdit` is given. */
function EntryText({ entryType, entryKey, value, onEdit, addresses }: EntryProps) {
  const criteria = entryType === "SEARCH" ? parseCriteria(value) : null;
  if (criteria && onEdit) {
    return (
      <SavedSearchItem
        entryKey={entryKey}
        criteria={criteria}
        onSave={(next, name) => onEdit("save_search", { criteria: next, name })}
      />
    );
  }
  if (entryType === "WATCH" && onEdit) {
    const zpid = entryKey.replace(/^watch_/, "");
    const home = watchedHome(entryKey, addresses);
    return <WatchItem home={home} value={value} onChange={(watch) => onEdit("watch_home", { zpid, watch })} />;
  }
  return (
    <span className="min-w-0 flex-1 break-words text-slate-700">
      <span className="text-slate-600">{entryKind(entryType, entryKey)}:</span> {entryWords(entryType, entryKey, value, addresses)}
    </span>
  );
}
