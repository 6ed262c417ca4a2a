import { Info, X } from "lucide-react";

interface Props {
  notice: string;
  /** Offered to guests: leaves guest mode so the sign-in dialog opens. */
  onSignIn?: () => void;
  onDismiss: () => void;
}

/** Why a heart did nothing (a guest, a role, a server error), with the way forward. */
export function SaveNotice({ notice, onSignIn, onDismiss }: Props) {
  return (
    <div
      role="alert"
      className="mx-auto mt-4 flex max-w-4xl items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
      data-testid="save-notice"
    >
      <Info size={16} aria-hidden="true" />
      <span className="min-w-0 flex-1 break-words">{notice}</span>
      {onSignIn && (
        <button
          type="button"
          onClick={onSignIn}
          className="rounded-lg bg-teal-700 px-2.5 py-1 font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        >
          Sign in
        </button>
      )}
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="rounded p-1 text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  );
}
