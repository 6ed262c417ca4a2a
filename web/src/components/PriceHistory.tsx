import { formatPrice } from "../format";
import type { Listing } from "../types";

const EVENTS: Record<string, string> = {
  recorded: "Price on record",
  listed: "Listed",
  price_change: "Price changed",
  pending: "Pending",
  sold: "Sold",
  back_on_market: "Back on market",
  relisted: "Relisted",
  removed: "Off market",
};

/** The detail card's price history: each event with its date and price, newest first, the
 * change from the price before it, and how long the home has been on the market (or that its
 * listing date is unknown: the data may only say when it last sold). */
export function PriceHistory({ listing }: { listing: Listing }) {
  const history = listing.price_history ?? [];
  if (history.length === 0) return null;
  const rows = history.map((event, i) => {
    const before = i > 0 ? history[i - 1]?.price : undefined;
    return { ...event, change: before !== undefined ? event.price - before : 0 };
  });
  const days = listing.days_on_market;
  return (
    <section aria-label="Price history" data-testid="price-history" className="relative flex flex-col gap-1">
      <h4 className="text-xs uppercase tracking-wide text-slate-500">
        Price history
        <span data-testid="days-on-market" className="ml-2 normal-case tracking-normal text-slate-600">
          {typeof days === "number"
            ? `· ${days.toLocaleString("en-US")} ${days === 1 ? "day" : "days"} on market`
            : "· listing date unknown"}
        </span>
      </h4>
      <table className="w-full text-left text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Event</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {[...rows].reverse().map((row, i) => (
            <tr key={`${row.date}-${row.event}-${i}`} data-testid="price-event" className="border-t border-slate-100">
              <td className="py-1 pr-2 text-slate-500">{row.date}</td>
              <td className="py-1 pr-2 text-slate-700">{EVENTS[row.event] ?? row.event}</td>
              <td className="py-1 text-right font-medium text-slate-800">
                {formatPrice(row.price)}
                {row.change !== 0 && (
                  <span className={row.change < 0 ? "ml-1 text-xs text-emerald-700" : "ml-1 text-xs text-rose-700"}>
                    ({row.change < 0 ? "−" : "+"}
                    {formatPrice(Math.abs(row.change))})
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
