import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";

interface Props {
  onSignIn: (token: string) => void;
  onGuest: () => void;
}

/** Shown when the API asks for a token: paste one, or continue as a guest (nothing is kept). */
export function SignInDialog({ onSignIn, onGuest }: Props) {
  const [token, setToken] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) onSignIn(token.trim());
  };
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby="sign-in-title"
        onSubmit={submit}
        className="w-full max-w-sm space-y-3 rounded-xl bg-white p-5 shadow-xl"
      >
        <h2 id="sign-in-title" className="flex items-center gap-2 font-semibold text-slate-900">
          <KeyRound size={18} className="text-teal-600" aria-hidden="true" /> Sign in to PropSearch
        </h2>
        <p className="text-sm text-slate-600">
          Paste the access token your administrator gave you. Guests can search, but nothing is
          saved.
        </p>
        <input
          type="password"
          autoComplete="off"
          aria-label="Access token"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-teal-600"
        />
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onGuest}
            className="rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
          >
            Continue as guest
          </button>
          <button
            type="submit"
            disabled={!token.trim()}
            className="rounded-lg bg-teal-700 px-3 py-2 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-50"
          >
            Sign in
          </button>
        </div>
      </form>
    </div>
  );
}
