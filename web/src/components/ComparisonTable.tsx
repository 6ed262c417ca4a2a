import { Trophy } from "lucide-react";

import { formatCount, formatHoa, formatPrice, MISSING } from "../format";
import type { ComparisonRow, Listing } from "../types";

/** Formats one comparison cell by its field; strings from the server are shown as they are. */
export function formatComparisonValue(field: string, value: number | string | null): string {
  if (value === null || value === undefined || value === "") return MISSING;
  if (typeof value === "string") return value;
  if (field === "price" || field === "zestimate") return formatPrice(value);
  if (field.includes("per_sqft")) return `${formatPrice(value)}/sqft`;
  if (field.endsWith("_vs_zestimate")) return `${value > 0 ? "+" : ""}${formatCount(value)}%`;
  if (field.startsWith("hoa")) return formatHoa(value);
  if (field === "year_built") return String(value);
  if (field.startsWith("distance")) return `${value.toFixed(1)} mi`;
  if (field === "sqft" || field.startsWith("lot")) return formatCount(value);
  return formatCount(value);
}

interface Props {
  items: Listing[];
  rows: ComparisonRow[];
}

/**
 * Homes side by side, one column each, one row per field; the best value in a row is marked
 * with a badge and a screen-reader "(best)". Scrolls sideways on narrow screens with the field
 * names kept in view.
 */
export function ComparisonTable({ items, rows }: Props) {
  if (items.length === 0) return null;
  return (
    <div
      role="region"
      aria-label="Comparison table"
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-teal-700"
      data-testid="comparison-table"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Comparison of {items.length} homes</caption>
        <thead>
          <tr className="bg-slate-50">
            <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left text-xs font-semibold uppercase text-slate-600">
              Home
            </th>
            {items.map((item, index) => (
              <th key={item.zpid} scope="col" className="min-w-36 px-3 py-2 text-left align-bottom font-medium text-slate-800">
                <span className="mr-1 text-teal-800">{index + 1}.</span>
                {item.address}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className="border-t border-slate-100">
              <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium text-slate-600">
                {row.label}
              </th>
              {items.map((item, index) => {
                const best = row.best === index;
                return (
                  <td
                    key={item.zpid}
                    data-best={best || undefined}
                    className={`px-3 py-2 ${best ? "bg-emerald-50 font-semibold text-emerald-900" : "text-slate-800"}`}
                  >
                    {formatComparisonValue(row.field, row.values[index] ?? null)}
                    {best && (
                      <span className="ml-1.5 inline-flex items-center gap-0.5 rounded-full bg-emerald-700 px-1.5 py-0.5 align-middle text-[11px] font-semibold text-white">
                        <Trophy size={11} aria-hidden="true" />
                        best
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
