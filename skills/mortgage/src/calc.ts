// Mortgage arithmetic and parameter validation: pure functions, no I/O.
// Every validation failure is a ToolError whose text tells the model how to fix the call.

export class ToolError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type Params = Record<string, unknown>;

export interface MonthlyCosts {
  principal_interest: number;
  property_tax: number;
  insurance: number;
  hoa: number;
  total: number;
}

/** Monthly items that are estimates or left out, by their key in `monthly`. */
export type CostKey = "property_tax" | "insurance" | "hoa";

/** Yearly property tax when the listing's own rate is not given: the Austin-area rate most
 * listings in the shipped data carry (Travis County and the City of Austin combined). */
export const DEFAULT_TAX_RATE_PERCENT = 1.98;
/** Yearly homeowner's insurance when no quote is given, as a percent of the price: a rough
 * Texas figure (about $2,000 a year on a $400,000 home); a real quote replaces it. */
export const DEFAULT_INSURANCE_RATE_PERCENT = 0.5;

export interface MortgageResult {
  type: "mortgage";
  kind: "payment" | "affordability";
  label?: string;
  price: number;
  down_payment: number;
  down_payment_percent: number;
  loan_amount: number;
  rate_percent: number;
  term_years: number;
  tax_rate_percent: number;
  monthly: MonthlyCosts;
  monthly_budget?: number;
  total_interest: number;
  assumptions: string[];
  estimates: CostKey[];
  not_included: CostKey[];
}

interface Costs {
  rate: number;
  term: number;
  taxRate: number;
  /** A yearly amount, or null for the estimate (a share of the price). */
  insurance: number | null;
  hoa: number;
  estimates: CostKey[];
  notIncluded: CostKey[];
}

const COST_KEYS = [
  "rate_percent",
  "term_years",
  "property_tax_rate_percent",
  "insurance_annual",
  "hoa_monthly",
];
export const PAYMENT_KEYS = ["price", "down_payment_percent", "down_payment", "label", ...COST_KEYS];
export const AFFORD_KEYS = ["monthly_budget", "down_payment_percent", ...COST_KEYS];

const round2 = (x: number): number => Math.round(x * 100) / 100;

function checkKeys(params: Params, known: string[]): void {
  for (const key of Object.keys(params)) {
    if (!known.includes(key)) {
      throw new ToolError(`unknown parameter '${key}'; known parameters: ${known.join(", ")}`);
    }
  }
}

/** A number within [min, max] (strings like "6.5" or "$3,000" accepted), else a ToolError. */
function num(params: Params, key: string, min: number, max: number, fallback?: number): number {
  const raw = params[key];
  if (raw === undefined || raw === null || raw === "") {
    if (fallback === undefined) throw new ToolError(`'${key}' is required (a number)`);
    return fallback;
  }
  const value = typeof raw === "string" ? Number(raw.replace(/[$,%\s]/g, "")) : raw;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new ToolError(`'${key}' must be a number, got ${JSON.stringify(raw)}`);
  }
  if (value < min || value > max) {
    throw new ToolError(`'${key}' must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

const given = (params: Params, key: string): boolean =>
  params[key] !== undefined && params[key] !== null && params[key] !== "";

/** Loan terms and running costs; what the caller leaves out is estimated (tax, insurance) or
 * left out and said so (HOA, whose amount only the listing can know). */
function costs(params: Params): Costs {
  const estimates: CostKey[] = [];
  if (!given(params, "property_tax_rate_percent")) estimates.push("property_tax");
  if (!given(params, "insurance_annual")) estimates.push("insurance");
  return {
    rate: num(params, "rate_percent", 0, 30),
    term: num(params, "term_years", 1, 50, 30),
    taxRate: num(params, "property_tax_rate_percent", 0, 10, DEFAULT_TAX_RATE_PERCENT),
    insurance: given(params, "insurance_annual") ? num(params, "insurance_annual", 0, 1e6) : null,
    hoa: num(params, "hoa_monthly", 0, 1e5, 0),
    estimates,
    notIncluded: given(params, "hoa_monthly") ? [] : ["hoa"],
  };
}

const yearlyInsurance = (c: Costs, price: number): number =>
  c.insurance ?? (price * DEFAULT_INSURANCE_RATE_PERCENT) / 100;

/** Monthly principal and interest per unit of loan (the annuity factor). */
function annuityFactor(ratePercent: number, termYears: number): number {
  const n = Math.round(termYears * 12);
  const r = ratePercent / 100 / 12;
  return r === 0 ? 1 / n : r / (1 - Math.pow(1 + r, -n));
}

function build(
  kind: MortgageResult["kind"],
  price: number,
  down: number,
  c: Costs,
): MortgageResult {
  const loan = price - down;
  const pi = loan * annuityFactor(c.rate, c.term);
  const monthly = {
    principal_interest: round2(pi),
    property_tax: round2((price * c.taxRate) / 100 / 12),
    insurance: round2(yearlyInsurance(c, price) / 12),
    hoa: round2(c.hoa),
    total: 0,
  };
  monthly.total = round2(
    monthly.principal_interest + monthly.property_tax + monthly.insurance + monthly.hoa,
  );
  const assumptions: string[] = [];
  if (c.estimates.includes("property_tax")) {
    assumptions.push(
      `property tax estimated at ${DEFAULT_TAX_RATE_PERCENT}% a year, the Austin-area rate ` +
        "(property_tax_rate_percent: the listing's own rate)",
    );
  }
  if (c.insurance === null) {
    assumptions.push(
      `insurance estimated at ${DEFAULT_INSURANCE_RATE_PERCENT}% of the price a year ` +
        "(insurance_annual: a real quote)",
    );
  }
  if (c.notIncluded.includes("hoa")) assumptions.push("HOA not included (hoa_monthly)");
  return {
    type: "mortgage",
    kind,
    price: round2(price),
    down_payment: round2(down),
    down_payment_percent: round2((down / price) * 100),
    loan_amount: round2(loan),
    rate_percent: c.rate,
    term_years: c.term,
    tax_rate_percent: c.taxRate,
    monthly,
    total_interest: round2(pi * Math.round(c.term * 12) - loan),
    assumptions,
    estimates: c.estimates,
    not_included: c.notIncluded,
  };
}

/** Itemised monthly cost of buying at `price` with the given down payment and loan terms. */
export function monthlyPayment(params: Params): MortgageResult {
  checkKeys(params, PAYMENT_KEYS);
  const price = num(params, "price", 1000, 1e9);
  if (params.down_payment !== undefined && params.down_payment_percent !== undefined) {
    throw new ToolError("give either 'down_payment' (an amount) or 'down_payment_percent', not both");
  }
  const down =
    params.down_payment !== undefined
      ? num(params, "down_payment", 0, price - 1)
      : (price * num(params, "down_payment_percent", 0, 99.9, 20)) / 100;
  const result = build("payment", price, down, costs(params));
  if (typeof params.label === "string" && params.label.trim()) {
    result.label = params.label.trim().slice(0, 200);
  }
  return result;
}

/** The highest price whose itemised monthly cost fits `monthly_budget`. */
export function affordability(params: Params): MortgageResult {
  checkKeys(params, AFFORD_KEYS);
  const budget = num(params, "monthly_budget", 1, 1e7);
  const downShare = num(params, "down_payment_percent", 0, 99.9, 20) / 100;
  const c = costs(params);
  const fixed = (c.insurance ?? 0) / 12 + c.hoa;
  if (budget <= fixed) {
    throw new ToolError(
      `a monthly budget of ${budget} does not cover insurance and HOA (${round2(fixed)} a month); ` +
        "raise monthly_budget or lower insurance_annual/hoa_monthly",
    );
  }
  const insuranceShare = c.insurance === null ? DEFAULT_INSURANCE_RATE_PERCENT : 0;
  const perDollar =
    (1 - downShare) * annuityFactor(c.rate, c.term) + (c.taxRate + insuranceShare) / 100 / 12;
  const price = Math.floor((budget - fixed) / perDollar);
  const result = build("affordability", price, price * downShare, c);
  result.monthly_budget = budget;
  return result;
}
