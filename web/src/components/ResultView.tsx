import { lazy, Suspense } from "react";

import type { Listing, ResultData, ViewMode } from "../types";
import { NO_CARDS, OWN_CARDS } from "./cards";
import { ComparisonTable } from "./ComparisonTable";
import { PropertyDetail } from "./PropertyDetail";
import { PropertyResults } from "./PropertyResults";

interface Props {
  data: ResultData | null | undefined;
  viewMode: ViewMode;
  onViewModeChange: (mode: ViewMode) => void;
  onSelectListing: (listing: Listing) => void;
  /** Sends a message a skill's widget asks for; without it, skill widgets are not shown. */
  onSend?: (text: string) => void;
}

/** The MCP Apps bridge loads only when a skill's widget is shown. */
const SkillWidget = lazy(() => import("./SkillWidget").then((module) => ({ default: module.SkillWidget })));

/** Any kind this UI does not draw itself is a skill's widget, if it ships one. */
const NOT_A_WIDGET = new Set([...OWN_CARDS, ...NO_CARDS]);

/** A tool result as its card, picked by the result's `type` (the tool's `renders`): the web UI
 * shows it under an answer, the MCP Apps results widget inside another assistant. A kind this
 * UI does not draw is shown by the widget its skill ships (SkillWidget), never by name here. */
export function ResultView({ data, viewMode, onViewModeChange, onSelectListing, onSend }: Props) {
  if (!data) return null;
  if (data.type === "listings" && data.items.length > 0) {
    return (
      <PropertyResults
        listings={data.items}
        total={data.total}
        criteria={data.criteria}
        mode={viewMode}
        onModeChange={onViewModeChange}
        onSelect={onSelectListing}
      />
    );
  }
  if (data.type === "detail" && data.items[0]) return <PropertyDetail listing={data.items[0]} />;
  if (data.type === "comparison") return <ComparisonTable items={data.items} rows={data.rows ?? []} />;
  if (!NOT_A_WIDGET.has(data.type) && onSend) {
    return (
      <Suspense fallback={null}>
        <SkillWidget data={data} onSend={onSend} />
      </Suspense>
    );
  }
  return null;
}

/** Whether a result is a search with listings (the answer's text then keeps its intro only). */
export const isSearchResult = (data: ResultData | null | undefined): boolean =>
  data?.type === "listings" && data.items.length > 0;
