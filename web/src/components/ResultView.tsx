import type { Listing, ResultData, ViewMode } from "../types";
import { ComparisonTable } from "./ComparisonTable";
import { asMortgage, MortgageCard } from "./MortgageCard";
import { PropertyDetail } from "./PropertyDetail";
import { PropertyResults } from "./PropertyResults";

interface Props {
  data: ResultData | null | undefined;
  viewMode: ViewMode;
  onViewModeChange: (mode: ViewMode) => void;
  onSelectListing: (listing: Listing) => void;
}

/** A tool result as its card, picked by the result's `type` (the tool's `renders`): the web UI
 * shows it under an answer, the MCP Apps widget inside another assistant. */
export function ResultView({ data, viewMode, onViewModeChange, onSelectListing }: Props) {
  if (!data) return null;
  const mortgage = asMortgage(data);
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
  if (mortgage) return <MortgageCard result={mortgage} />;
  if (data.type === "comparison") return <ComparisonTable items={data.items} rows={data.rows ?? []} />;
  return null;
}

/** Whether a result is a search with listings (the answer's text then keeps its intro only). */
export const isSearchResult = (data: ResultData | null | undefined): boolean =>
  data?.type === "listings" && data.items.length > 0;
