import { useState } from "react";

import { confirmPasswordReset, requestPasswordReset } from "../../accountsApi";
import { AuthFrame, Field, linkButton, Notice, primaryButton, Problem, useSubmit } from "./FormParts";
import { humanMessage, RESET_FAILED } from "./messages";

/** The same words whether or not the email has an account. */
const RESET_SENT = "If an account uses that email, a link to choose a new password is on its way.";
const RESET_DONE = "Your password is changed. Sign in with the new one.";

/** "Forgot password?": asks for the emailed link. */
export function ForgotPasswordPage({ onSignIn }: { onSignIn: () => void }) {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const { busy, problem, submit } = useSubmit(
    async () => {
      await requestPasswordReset(email.trim());
      setSent(true);
    },
    (error) => humanMessage(error, {}, "The link could not be requested just now. Try again."),
  );
  return (
    <AuthFrame title="Reset your password">
      {sent ? (
        <Notice text={RESET_SENT} />
      ) : (
        <form onSubmit={(event) => void submit(event)} className="space-y-3">
          <Field label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
          <Problem text={problem} />
          <button type="submit" disabled={busy || !email.trim()} className={`${primaryButton} w-full`}>
            Email me a link
          </button>
        </form>
      )}
      <button type="button" className={linkButton} onClick={onSignIn}>
        Back to sign in
      </button>
    </AuthFrame>
  );
}

/** The emailed link's page: a new password, once. */
export function ResetPasswordPage({ token, onSignIn }: { token: string; onSignIn: () => void }) {
  const [password, setPassword] = useState("");
  const [done, setDone] = useState(false);
  const { busy, problem, submit } = useSubmit(
    async () => {
      await confirmPasswordReset(token, password);
      setDone(true);
    },
    (error) => humanMessage(error, RESET_FAILED, "The password could not be changed just now. Try again."),
  );
  return (
    <AuthFrame title="Choose a new password">
      {done ? (
        <Notice text={RESET_DONE} />
      ) : (
        <form onSubmit={(event) => void submit(event)} className="space-y-3">
          <Field label="New password (10 characters or more)" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
          <Problem text={problem} />
          <button type="submit" disabled={busy || password.length < 10} className={`${primaryButton} w-full`}>
            Save the new password
          </button>
        </form>
      )}
      <button type="button" className={linkButton} onClick={onSignIn}>
        Back to sign in
      </button>
    </AuthFrame>
  );
}
