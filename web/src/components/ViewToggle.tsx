import { LayoutGrid, List } from "lucide-react";

import type { ViewMode } from "../types";

interface Props {
  mode: ViewMode;
  onChange: (mode: ViewMode) => void;
}

const OPTIONS = [
  { mode: "grid", label: "Grid view", Icon: LayoutGrid },
  { mode: "list", label: "List view", Icon: List },
] as const;

/** Switches listings between the card grid and the compact list. */
export function ViewToggle({ mode, onChange }: Props) {
  return (
    <div role="group" aria-label="Listing layout" className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5">
      {OPTIONS.map(({ mode: option, label, Icon }) => (
        <button
          key={option}
          type="button"
          aria-label={label}
          aria-pressed={mode === option}
          title={label}
          onClick={() => onChange(option)}
          className={`rounded-md p-1.5 focus-visible:outline-2 focus-visible:outline-teal-600 ${
            mode === option ? "bg-teal-700 text-white" : "text-slate-500 hover:bg-slate-100"
          }`}
        >
          <Icon size={16} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
