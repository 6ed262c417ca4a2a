import { Calculator } from "lucide-react";

import type { CostKey, MortgageResult } from "../src/calc";

export type { MortgageResult };

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const formatPrice = (value: number) => (Number.isFinite(value) ? usd.format(value) : "—");

/** The data as a mortgage result when it is one (the host may hand over any result). */
export function asMortgage(data: unknown): MortgageResult | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const candidate = data as Partial<MortgageResult>;
  return candidate.type === "mortgage" && typeof candidate.monthly === "object" ? (candidate as MortgageResult) : undefined;
}

const ITEMS: [keyof MortgageResult["monthly"], string][] = [
  ["principal_interest", "Principal & interest"],
  ["property_tax", "Property tax"],
  ["insurance", "Insurance"],
  ["hoa", "HOA"],
];
const LABELS: Record<CostKey, string> = { property_tax: "property tax", insurance: "insurance", hoa: "HOA" };

/** Itemised monthly cost (or the highest affordable price) with the loan terms behind it. */
export function MortgageCard({ result }: { result: MortgageResult }) {
  const affordability = result.kind === "affordability";
  const title = affordability ? "What you can afford" : result.label || "Monthly payment";
  const estimated = new Set(result.estimates ?? []);
  const left = (result.not_included ?? []).map((key) => LABELS[key]);
  return (
    <section aria-label={affordability ? "Affordability" : "Mortgage payment"} className="max-w-md rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex items-start gap-2">
        <Calculator size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-teal-700" />
        <div className="min-w-0">
          <h3 className="break-words font-medium text-slate-900">{title}</h3>
          <p className="text-2xl font-semibold text-slate-900" data-testid="mortgage-headline">
            {affordability ? `up to ${formatPrice(result.price)}` : `${formatPrice(result.monthly.total)}/mo`}
          </p>
        </div>
      </header>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {ITEMS.filter(([key]) => key === "principal_interest" || result.monthly[key] > 0).map(([key, label]) => (
          <div key={key} className="contents">
            <dt className="text-slate-500">
              {label}
              {estimated.has(key as CostKey) && (
                <span className="ml-1 text-xs text-amber-700" data-testid="mortgage-estimate" title="An estimate: the listing's own figure was not given">
                  (estimate)
                </span>
              )}
            </dt>
            <dd className="text-right tabular-nums text-slate-800">{formatPrice(result.monthly[key])}</dd>
          </div>
        ))}
        <dt className="border-t border-slate-100 pt-1 font-medium text-slate-700">Total per month</dt>
        <dd className="border-t border-slate-100 pt-1 text-right font-medium tabular-nums text-slate-900">{formatPrice(result.monthly.total)}</dd>
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        {formatPrice(result.price)} · {result.down_payment_percent}% down ({formatPrice(result.down_payment)}) · loan {formatPrice(result.loan_amount)} · {result.rate_percent}% for {result.term_years} years
      </p>
      {left.length > 0 && <p className="mt-1 text-xs text-slate-500">Not included: {left.join(", ")}</p>}
      {result.monthly.property_tax > 0 && result.tax_rate_percent !== undefined && (
        <p className="mt-1 text-xs text-slate-500" data-testid="mortgage-tax-note">
          Property tax at {result.tax_rate_percent}% a year{estimated.has("property_tax") ? ", the Austin-area rate (this home's own rate was not given)" : ", this home's own rate"}.
          {estimated.has("insurance") && " Insurance estimated at 0.5% of the price a year; a quote replaces it."}
        </p>
      )}
    </section>
  );
}
