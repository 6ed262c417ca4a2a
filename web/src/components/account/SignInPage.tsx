import { useState } from "react";

import { signInWithPassword, ssoStartUrl } from "../../accountsApi";
import type { AuthConfig } from "../../api-types";
import type { Screen } from "../../hooks/useAuth";
import { AuthFrame, Field, linkButton, primaryButton, Problem, quietButton, useSubmit } from "./FormParts";
import { humanMessage, SIGN_IN_FAILED, takeSsoOutcome } from "./messages";

interface Props {
  config: AuthConfig;
  /** The page to come back to after single sign-on. */
  returnTo: string;
  onSignedIn: () => Promise<void>;
  onShow: (screen: Screen) => void;
  onGuest: () => void;
  /** Runs as the page leaves for single sign-on (what is on screen is kept for the way back). */
  onLeaving?: () => void;
}

/** Email and password, single sign-on, and the ways to an account (sign up, reset). */
export function SignInPage({ config, returnTo, onSignedIn, onShow, onGuest, onLeaving }: Props) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [ssoProblem] = useState(takeSsoOutcome);
  const { busy, problem, submit } = useSubmit(
    async () => {
      await signInWithPassword({ email: email.trim(), password });
      await onSignedIn();
    },
    (error) => humanMessage(error, SIGN_IN_FAILED, "Signing in did not work just now. Try again."),
  );
  const canSignUp = config.signup === "open" || config.signup === "approval";
  return (
    <AuthFrame title="Sign in to PropSearch">
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        <Field label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
        <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <Problem text={problem ?? ssoProblem} />
        <button type="submit" disabled={busy || !email.trim() || !password} className={`${primaryButton} w-full`}>
          Sign in
        </button>
      </form>
      {config.oidc && (
        <a href={ssoStartUrl(returnTo)} onClick={onLeaving} className={`${quietButton} block border border-slate-300 text-center`}>
          Sign in with single sign-on
        </a>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={linkButton} onClick={() => onShow("forgot")}>
          Forgot password?
        </button>
        {canSignUp && (
          <button type="button" className={linkButton} onClick={() => onShow("signup")}>
            Create an account
          </button>
        )}
      </div>
      {!canSignUp && <p className="text-xs text-slate-600">New here? Ask an administrator for an invitation.</p>}
      <div className="border-t border-slate-200 pt-3 text-right">
        <button type="button" onClick={onGuest} className={quietButton}>
          Continue as guest
        </button>
      </div>
    </AuthFrame>
  );
}
