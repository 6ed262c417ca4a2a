import { Home } from "lucide-react";
import { useState } from "react";

interface Props {
  url: string | null;
  address: string;
  className?: string;
  iconSize?: number;
}

/** The listing photo, or a neat house placeholder when there is none or it fails to load. */
export function PropertyPhoto({ url, address, className = "", iconSize = 40 }: Props) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return (
      <img
        src={url}
        alt={`Photo of ${address}`}
        loading="lazy"
        onError={() => setFailed(true)}
        className={`object-cover ${className}`}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label="No photo available"
      data-testid="photo-placeholder"
      className={`flex items-center justify-center bg-gradient-to-br from-teal-50 to-slate-200 text-teal-700/60 ${className}`}
    >
      <Home size={iconSize} strokeWidth={1.5} aria-hidden="true" />
    </div>
  );
}
