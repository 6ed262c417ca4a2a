import { ExternalLink } from "lucide-react";

interface Props {
  url: string | null;
  compact?: boolean;
}

/**
 * Opens the listing on Zillow in a new tab. It is a sibling of the card's main button and sits
 * above its stretched click area, so following it never also requests the details.
 */
export function ZillowLink({ url, compact = false }: Props) {
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="relative z-10 inline-flex items-center gap-1 rounded text-sm font-medium text-teal-700 hover:text-teal-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
    >
      {compact ? "Zillow" : "View on Zillow"}
      <ExternalLink size={14} aria-hidden="true" />
    </a>
  );
}
