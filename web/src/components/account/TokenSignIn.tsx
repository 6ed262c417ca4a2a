import { useState, type FormEvent } from "react";

import { AuthFrame, primaryButton, quietButton } from "./FormParts";

interface Props {
  onSignIn: (token: string) => void;
  onGuest: () => void;
}

/** Without accounts: the operator's token (API_TOKENS_FILE), or a guest (nothing is kept). */
export function TokenSignIn({ onSignIn, onGuest }: Props) {
  const [token, setToken] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) onSignIn(token.trim());
  };
  return (
    <AuthFrame title="Sign in to PropSearch">
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm text-slate-600">
          Paste the access token your administrator gave you. Guests can search, but nothing is saved.
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
          <button type="button" onClick={onGuest} className={quietButton}>
            Continue as guest
          </button>
          <button type="submit" disabled={!token.trim()} className={primaryButton}>
            Sign in
          </button>
        </div>
      </form>
    </AuthFrame>
  );
}
