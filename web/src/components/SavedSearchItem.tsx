import { useState } from "react";

/** A saved search's criteria (SEARCH entry value: compact JSON of search_properties params). */
export type Criteria = Record<string, unknown>;

export const parseCriteria = (value: string): Criteria | null => {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Criteria) : null;
  } catch {
    return null;
  }
};

const money = (n: unknown) => (typeof n === "number" ? `$${n.toLocaleString("en-US")}` : "");

/** "house · 78704 · 3+ beds · under $600,000" */
export function describeCriteria(criteria: Criteria): string {
  const parts: string[] = [];
  if (criteria.property_type) parts.push(String(criteria.property_type));
  if (criteria.location) parts.push(String(criteria.location));
  if (criteria.near) parts.push(`near ${String(criteria.near)}`);
  if (criteria.beds_min) parts.push(`${String(criteria.beds_min)}+ beds`);
  if (criteria.baths_min) parts.push(`${String(criteria.baths_min)}+ baths`);
  if (criteria.price_min) parts.push(`over ${money(criteria.price_min)}`);
  if (criteria.price_max) parts.push(`under ${money(criteria.price_max)}`);
  if (Array.isArray(criteria.features)) parts.push(...criteria.features.map(String));
  return parts.join(" · ") || "any home";
}

interface SearchProps {
  entryKey: string;
  criteria: Criteria;
  /** Saves the changed criteria under the same key (save_search, confirmed by this click). */
  onSave: (criteria: Criteria, name: string) => Promise<void>;
}

/** A saved search: its criteria in words, and a small form to change price and bedrooms. */
export function SavedSearchItem({ entryKey, criteria, onSave }: SearchProps) {
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState(String(criteria.price_max ?? ""));
  const [beds, setBeds] = useState(String(criteria.beds_min ?? ""));
  const [error, setError] = useState<string | null>(null);
  const label = describeCriteria(criteria);

  const save = async () => {
    const next: Criteria = { ...criteria };
    delete next.price_max;
    delete next.beds_min;
    if (price.trim()) next.price_max = Number(price);
    if (beds.trim()) next.beds_min = Number(beds);
    try {
      await onSave(next, entryKey.replace(/^search_/, ""));
      setEditing(false);
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "could not save");
    }
  };

  return (
    <span className="min-w-0 flex-1 break-words text-slate-700" data-testid="saved-search">
      <span className="text-slate-600">saved search:</span> {label}
      {editing ? (
        <span className="mt-1 flex flex-wrap items-center gap-1 text-xs">
          <label>
            Max price{" "}
            <input className="w-24 rounded border px-1" inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />
          </label>
          <label>
            Min beds{" "}
            <input className="w-10 rounded border px-1" inputMode="numeric" value={beds} onChange={(e) => setBeds(e.target.value)} />
          </label>
          <button type="button" className="rounded bg-teal-700 px-2 text-white" onClick={() => void save()}>
            Save search
          </button>
          <button type="button" className="rounded px-1 text-slate-600" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="ml-1 text-xs text-teal-800 underline"
          aria-label={`Edit saved search ${label}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
      )}
      {error && (
        <span role="alert" className="block text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}

const WATCHES = [
  ["price", "price changes"],
  ["status", "status changes"],
  ["any", "any change"],
] as const;

interface WatchProps {
  /** The watched home's address (or "a watched home" until it is known). */
  home: string;
  value: string;
  onChange: (watch: string) => Promise<void>;
}

/** A watched home: what is watched, changeable in place (watch_home, confirmed by the change). */
export function WatchItem({ home, value, onChange }: WatchProps) {
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="min-w-0 flex-1 break-words text-slate-700" data-testid="watch">
      <span className="text-slate-600">watching {home}:</span>{" "}
      <select
        aria-label={`What to watch on ${home}`}
        className="rounded border text-xs"
        value={value}
        onChange={(e) => {
          onChange(e.target.value).then(
            () => setError(null),
            (caught: unknown) => setError(caught instanceof Error ? caught.message : "could not save"),
          );
        }}
      >
        {WATCHES.map(([what, words]) => (
          <option key={what} value={what}>
            {words}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="block text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
