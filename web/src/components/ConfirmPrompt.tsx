import { ShieldQuestion } from "lucide-react";

import type { ConfirmRequest } from "../types";

interface Props {
  request: ConfirmRequest;
  disabled: boolean;
  onAnswer: (approve: boolean) => void;
}

/** The yes/no a destructive request waits for; the run resumes with the answer. */
export function ConfirmPrompt({ request, disabled, onAnswer }: Props) {
  return (
    <div
      role="group"
      aria-labelledby={`confirm-${request.id}`}
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      data-testid="confirm-prompt"
    >
      <ShieldQuestion size={18} aria-hidden="true" />
      <p id={`confirm-${request.id}`} className="min-w-0 flex-1 break-words font-medium">
        {request.question}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={disabled}
          onClick={() => onAnswer(true)}
          className="rounded-lg bg-red-700 px-3 py-1 font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-50"
        >
          Confirm
        </button>
        <button
          type="button"
          disabled={disabled}
          onClick={() => onAnswer(false)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-50"
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
