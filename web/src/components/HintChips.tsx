import { Sparkles } from "lucide-react";

interface Props {
  hints: string[];
  disabled?: boolean;
  onPick: (hint: string) => void;
}

/** Suggested follow-ups; picking one sends it. */
export function HintChips({ hints, disabled = false, onPick }: Props) {
  if (hints.length === 0) return null;
  return (
    <div role="group" aria-label="Suggested follow-ups" className="flex flex-wrap gap-2" data-testid="hint-chips">
      {hints.map((hint) => (
        <button
          key={hint}
          type="button"
          disabled={disabled}
          onClick={() => onPick(hint)}
          className="inline-flex items-center gap-1.5 rounded-full border border-teal-200 bg-teal-50 px-3 py-1 text-left text-sm text-teal-800 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Sparkles size={13} aria-hidden="true" />
          {hint}
        </button>
      ))}
    </div>
  );
}
