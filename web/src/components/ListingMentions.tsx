import type { Listing } from "../types";

/** What the listing's description says of the user's wishes ("mentions: large backyard …"). */
export function ListingMentions({ listing }: { listing: Listing }) {
  const mentions = listing.mentions ?? [];
  if (mentions.length === 0) return null;
  return (
    <p className="line-clamp-3 text-xs text-slate-600" data-testid="mentions">
      <span className="font-medium text-slate-700">Mentions: </span>
      {mentions.map((text, i) => (
        <q key={text} className="italic">
          {text}
          {i < mentions.length - 1 ? " " : ""}
        </q>
      ))}
    </p>
  );
}
