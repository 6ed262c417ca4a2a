import type { Listing, ViewMode } from "../types";
import { PropertyGrid } from "./PropertyGrid";
import { PropertyList } from "./PropertyList";
import { ViewToggle } from "./ViewToggle";

interface Props {
  listings: Listing[];
  total?: number;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  onSelect: (listing: Listing) => void;
}

/** A search answer's listings with the grid/list switch. */
export function PropertyResults({ listings, total, mode, onModeChange, onSelect }: Props) {
  if (listings.length === 0) return null;
  const shown = listings.length;
  const count =
    total && total > shown
      ? `${shown} of ${total.toLocaleString("en-US")} homes`
      : `${shown} ${shown === 1 ? "home" : "homes"}`;
  return (
    <section aria-label="Search results" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <p className="text-sm text-slate-500">{count}</p>
        <ViewToggle mode={mode} onChange={onModeChange} />
      </div>
      {mode === "list" ? (
        <PropertyList listings={listings} onSelect={onSelect} />
      ) : (
        <PropertyGrid listings={listings} onSelect={onSelect} />
      )}
    </section>
  );
}
