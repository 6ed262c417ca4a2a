import { GitCompareArrows } from "lucide-react";
import { useState } from "react";

import { useHomeActions } from "../homeActions";
import type { Listing, ResultData, ViewMode } from "../types";
import { ComparisonTable } from "./ComparisonTable";
import { CriteriaChips } from "./CriteriaChips";
import { PropertyGrid } from "./PropertyGrid";
import { PropertyList } from "./PropertyList";
import { ResultsMap } from "./ResultsMap";
import { ViewToggle } from "./ViewToggle";

interface Props {
  listings: Listing[];
  total?: number;
  /** The search's echoed criteria, shown as chips. */
  criteria?: Record<string, unknown>;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  onSelect: (listing: Listing) => void;
}

/** compare_properties takes 2 to 5 homes. */
export const MAX_COMPARED = 5;

type Comparison = { status: "loading" } | { status: "error"; message: string } | { status: "done"; data: ResultData };

/**
 * A search answer: the results map, the listings (grid or list) with numbers matching the
 * markers, and the compare action that puts picked homes side by side.
 */
export function PropertyResults({ listings, total, criteria, mode, onModeChange, onSelect }: Props) {
  const actions = useHomeActions();
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [comparison, setComparison] = useState<Comparison | null>(null);
  if (listings.length === 0) return null;

  const shown = listings.length;
  const count =
    total && total > shown
      ? `${shown} of ${total.toLocaleString("en-US")} homes`
      : `${shown} ${shown === 1 ? "home" : "homes"}`;

  const togglePicked = (listing: Listing) =>
    setPicked((previous) => {
      const next = new Set(previous);
      if (next.delete(listing.zpid)) return next;
      return next.size >= MAX_COMPARED ? previous : next.add(listing.zpid);
    });

  const compare = async () => {
    if (!actions) return;
    const zpids = listings.map((listing) => listing.zpid).filter((zpid) => picked.has(zpid));
    setComparison({ status: "loading" });
    try {
      setComparison({ status: "done", data: await actions.compare(zpids) });
    } catch (error) {
      setComparison({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  const canCompare = Boolean(actions?.canCompare) && shown > 1;
  const itemProps = {
    onSelect,
    highlighted,
    onHighlight: setHighlighted,
    comparing: picked,
    onToggleCompare: canCompare ? togglePicked : undefined,
  };
  return (
    <section aria-label="Search results" className="flex flex-col gap-2">
      <CriteriaChips criteria={criteria} />
      <ResultsMap listings={listings} highlighted={highlighted} onHighlight={setHighlighted} onSelect={onSelect} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{count}</p>
        <div className="flex items-center gap-2">
          {canCompare && (
            <button
              type="button"
              onClick={() => void compare()}
              disabled={picked.size < 2 || comparison?.status === "loading"}
              title={picked.size < 2 ? "Pick two or more homes with their Compare buttons" : undefined}
              className="inline-flex items-center gap-1 rounded-lg border border-teal-700 px-2.5 py-1 text-sm font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:border-slate-300 disabled:text-slate-600"
            >
              <GitCompareArrows size={15} aria-hidden="true" />
              Compare {picked.size > 0 ? `(${picked.size})` : "homes"}
            </button>
          )}
          <ViewToggle mode={mode} onChange={onModeChange} />
        </div>
      </div>
      {picked.size >= MAX_COMPARED && (
        <p className="text-xs text-slate-600" role="status">
          Up to {MAX_COMPARED} homes can be compared at once.
        </p>
      )}
      {mode === "list" ? (
        <PropertyList listings={listings} {...itemProps} />
      ) : (
        <PropertyGrid listings={listings} {...itemProps} />
      )}
      {comparison?.status === "loading" && <p className="text-sm text-slate-600" role="status">Comparing…</p>}
      {comparison?.status === "error" && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          Could not compare: {comparison.message}
        </p>
      )}
      {comparison?.status === "done" && (
        <ComparisonTable items={comparison.data.items} rows={comparison.data.rows ?? []} />
      )}
    </section>
  );
}
