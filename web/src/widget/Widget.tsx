import { useState, useSyncExternalStore } from "react";

import { ResultView } from "../components/ResultView";
import type { Listing, ViewMode } from "../types";
import type { LatestResult } from "./results";

interface Props {
  latest: LatestResult;
  onSelectListing: (listing: Listing) => void;
}

/** The MCP Apps widget: the web UI's own cards for the result the host hands over. */
export function Widget({ latest, onSelectListing }: Props) {
  const data = useSyncExternalStore(latest.subscribe, latest.get);
  const [viewMode, setViewMode] = useState<ViewMode>("grid");
  if (!data) return <p className="text-sm text-slate-500">Waiting for PropSearch's results…</p>;
  return <ResultView data={data} viewMode={viewMode} onViewModeChange={setViewMode} onSelectListing={onSelectListing} />;
}
