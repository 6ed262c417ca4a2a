import { describe, expect, it } from "vitest";

import { changeSource, describeChange, entryWords } from "./entries";
import type { MemoryChange } from "./types";

const change = (over: Partial<MemoryChange>): MemoryChange => ({
  id: "c1",
  skill: "real_estate",
  entry_type: "SEARCH",
  key: "search_78745_house_3bd_under_450k",
  old: null,
  new: null,
  at: "2026-11-28T15:00:00Z",
  ...over,
});
const search = (price: number) => JSON.stringify({ beds_min: 3, location: "78745", price_max: price, property_type: "house" });
const INTERNAL = /search_|watch_|home_|\{"|\d{8,}/;

describe("remembered entries in words", () => {
  it("names a changed saved search by its criteria, old and new, never its key or JSON", () => {
    const said = describeChange(change({ old: search(450000), new: search(400000) }));
    expect(said).toBe(
      "Changed saved search: house · 78745 · 3+ beds · under $450,000 → house · 78745 · 3+ beds · under $400,000",
    );
    expect(said).not.toMatch(INTERNAL);
  });

  it("names a watched home by its address once known, else as a watched home", () => {
    const watch = change({ entry_type: "WATCH", key: "watch_29486087", new: "price" });
    expect(describeChange(watch, { "29486087": "2509 Cockburn Dr" })).toBe("Watching 2509 Cockburn Dr: price changes");
    expect(describeChange(watch)).toBe("Watching a watched home: price changes");
    const changed = change({ entry_type: "WATCH", key: "watch_29486087", old: "price", new: "status" });
    expect(describeChange(changed, { "29486087": "2509 Cockburn Dr" })).toBe(
      "Changed watch on 2509 Cockburn Dr: price changes → status changes",
    );
    expect(entryWords("WATCH", "watch_29486087", "any", {})).not.toMatch(INTERNAL);
  });

  it("keeps a preference's words and says where a direct change came from without a tool name", () => {
    expect(describeChange(change({ entry_type: "PREFERENCE", key: "budget_max", new: "450000" }))).toBe(
      "Remembered budget max: 450000",
    );
    expect(changeSource("save_search (from the app)")).toBe("from the app");
    expect(changeSource("remember my budget")).toBe("“remember my budget”");
  });
});
