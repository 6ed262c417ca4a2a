import { ExternalLink } from "lucide-react";

interface Props {
  url: string | null;
  compact?: boolean;
}

/**
 * Opens the listing on Zillow in a new tab. It sits inside clickable cards, so it stops the
 * event from reaching them: following the link must not also request the details.
 */
export function ZillowLink({ url, compact = false }: Props) {
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-teal-700 hover:text-teal-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
    >
      {compact ? "Zillow" : "View on Zillow"}
      <ExternalLink size={14} aria-hidden="true" />
    </a>
  );
}
