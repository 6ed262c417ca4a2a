import { formatPrice } from "../format";
import type { Listing } from "../types";

/** The latest price drop: the old price struck through, the drop and its share, and when. */
export function PriceDrop({ listing }: { listing: Listing }) {
  const drop = listing.price_drop;
  if (!drop || typeof drop.from !== "number" || drop.from <= drop.to) return null;
  const amount = drop.from - drop.to;
  const share = Math.round((amount / drop.from) * 100);
  return (
    <p className="text-xs text-slate-600" data-testid="price-drop">
      <span className="sr-only">Was </span>
      <s className="mr-1">{formatPrice(drop.from)}</s>
      <span className="font-medium text-emerald-800">
        −{formatPrice(amount)} ({share}%)
      </span>{" "}
      on {drop.date}
    </p>
  );
}
