import { formatFeature, formatPrice, formatPropertyType } from "../format";

type Criteria = Record<string, unknown>;

const num = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

function range(low: number | undefined, high: number | undefined, unit: string, money = false): string | undefined {
  const show = (n: number) => (money ? formatPrice(n) : String(n));
  if (low !== undefined && high !== undefined) return low === high ? `${show(low)} ${unit}` : `${show(low)}–${show(high)} ${unit}`;
  if (low !== undefined) return `${show(low)}+ ${unit}`;
  if (high !== undefined) return `up to ${show(high)} ${unit}`;
  return undefined;
}

function stories(low: number | undefined, high: number | undefined): string | undefined {
  if (high === 1) return "single story";
  if (low !== undefined && high !== undefined) return low === high ? `${low} stories` : `${low}–${high} stories`;
  if (low !== undefined) return `${low}+ stories`;
  if (high !== undefined) return `up to ${high} stories`;
  return undefined;
}

/** The echoed search criteria as short phrases, in the order a person reads a search. */
export function criteriaChips(c: Criteria): string[] {
  const chips: (string | undefined)[] = [
    typeof c.location === "string" ? c.location : undefined,
    typeof c.near === "string" ? (num(c.radius_miles) ? `within ${c.radius_miles} mi of ${c.near}` : `near ${c.near}`) : undefined,
    typeof c.property_type === "string" ? formatPropertyType(c.property_type) : undefined,
    range(num(c.price_min), num(c.price_max), "", true)?.trim(),
    range(num(c.beds_min), num(c.beds_max), "beds"),
    range(num(c.baths_min), num(c.baths_max), "baths"),
    num(c.sqft_min) !== undefined ? `${num(c.sqft_min)!.toLocaleString("en-US")}+ sqft` : undefined,
    ...(Array.isArray(c.features) ? c.features.map((f) => formatFeature(String(f))) : []),
    ...(Array.isArray(c.exclude_types) ? c.exclude_types.map((t) => `no ${formatPropertyType(String(t)).toLowerCase()}`) : []),
    num(c.school_rating_min) !== undefined ? `schools ${num(c.school_rating_min)}+/10` : undefined,
    num(c.garage_spaces_min) !== undefined ? `${num(c.garage_spaces_min)}+ car garage` : undefined,
    stories(num(c.stories_min), num(c.stories_max)),
    num(c.lot_size_min) !== undefined ? `lot ${num(c.lot_size_min)!.toLocaleString("en-US")}+ sqft` : undefined,
    num(c.year_built_min) !== undefined ? `built ${num(c.year_built_min)} or later` : undefined,
    c.no_hoa === true ? "no HOA" : undefined,
    ...(Array.isArray(c.wishes) ? c.wishes.map((w) => `“${String(w)}”`) : []),
  ];
  return chips.filter((chip): chip is string => Boolean(chip));
}

/** What the search looked for, so the user can see how their words were read. */
export function CriteriaChips({ criteria }: { criteria?: Criteria }) {
  const chips = criteria ? criteriaChips(criteria) : [];
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Search criteria" className="flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li key={chip} className="rounded-full border border-slate-200 bg-slate-50 px-2 py-0.5 text-xs text-slate-700">
          {chip}
        </li>
      ))}
    </ul>
  );
}
