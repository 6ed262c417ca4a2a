/** Display formatting for listing fields; null and unknown values render as an em dash. */

export const MISSING = "—";

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

const known = (value: number | null | undefined): value is number =>
  typeof value === "number" && Number.isFinite(value);

export function formatPrice(value: number | null | undefined): string {
  return known(value) ? usd.format(value) : MISSING;
}

export function formatCount(value: number | null | undefined, unit = ""): string {
  if (!known(value)) return MISSING;
  return unit ? `${count.format(value)} ${unit}` : count.format(value);
}

export function formatHoa(value: number | null | undefined): string {
  return known(value) ? `${usd.format(value)}/mo` : MISSING;
}

export function formatPropertyType(value: string | null | undefined): string {
  if (!value) return "";
  const words = value.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A feature key as words: "community_pool" -> "community pool". */
export function formatFeature(value: string): string {
  return value.replace(/_/g, " ");
}

/**
 * The first paragraph of a search answer (text before the first blank line): the cards
 * already show the listings the rest of the text enumerates.
 */
export function introParagraph(text: string): string {
  const trimmed = text.replace(/^\s+/, "");
  const blank = /\r?\n[ \t]*\r?\n/.exec(trimmed);
  return (blank ? trimmed.slice(0, blank.index) : trimmed).trimEnd();
}
