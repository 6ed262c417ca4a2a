import { useState, type ComponentProps } from "react";

import { confirmPasswordReset, requestPasswordReset } from "../../accountsApi";
import { AuthFrame, Field, linkButton, Notice, primaryButton, Problem, useSubmit } from "./FormParts";
import { humanMessage, RESET_FAILED } from "./messages";

/** The same words whether or not the email has an account. */
const RESET_SENT = "If an account uses that email, a link to choose a new password is on its way.";
const RESET_DONE = "Your password is changed. Sign in with the new one.";

interface OneFieldProps {
  title: string;
  field: Omit<ComponentProps<typeof Field>, "value" | "onChange">;
  /** Whether the value may be sent. */
  ready: (value: string) => boolean;
  send: (value: string) => Promise<unknown>;
  describe: (error: unknown) => string;
  submitLabel: string;
  doneText: string;
  onSignIn: () => void;
}

/** A page with one field that, once sent, says what happens next; back to sign-in either way. */
function OneFieldPage({ title, field, ready, send, describe, submitLabel, doneText, onSignIn }: OneFieldProps) {
  const [value, setValue] = useState("");
  const [done, setDone] = useState(false);
  const { busy, problem, submit } = useSubmit(async () => {
    await send(value);
    setDone(true);
  }, describe);
  return (
    <AuthFrame title={title}>
      {done ? (
        <Notice text={doneText} />
      ) : (
        <form onSubmit={(event) => void submit(event)} className="space-y-3">
          <Field {...field} value={value} onChange={setValue} />
          <Problem text={problem} />
          <button type="submit" disabled={busy || !ready(value)} className={`${primaryButton} w-full`}>
            {submitLabel}
          </button>
        </form>
      )}
      <button type="button" className={linkButton} onClick={onSignIn}>
        Back to sign in
      </button>
    </AuthFrame>
  );
}

/** "Forgot password?": asks for the emailed link. */
export function ForgotPasswordPage({ onSignIn }: { onSignIn: () => void }) {
  return (
    <OneFieldPage
      title="Reset your password"
      field={{ label: "Email", type: "email", autoComplete: "username" }}
      ready={(email) => email.trim() !== ""}
      send={(email) => requestPasswordReset(email.trim())}
      describe={(error) => humanMessage(error, {}, "The link could not be requested just now. Try again.")}
      submitLabel="Email me a link"
      doneText={RESET_SENT}
      onSignIn={onSignIn}
    />
  );
}

/** The emailed link's page: a new password, once. */
export function ResetPasswordPage({ token, onSignIn }: { token: string; onSignIn: () => void }) {
  return (
    <OneFieldPage
      title="Choose a new password"
      field={{ label: "New password (10 characters or more)", type: "password", autoComplete: "new-password" }}
      ready={(password) => password.length >= 10}
      send={(password) => confirmPasswordReset(token, password)}
      describe={(error) => humanMessage(error, RESET_FAILED, "The password could not be changed just now. Try again.")}
      submitLabel="Save the new password"
      doneText={RESET_DONE}
      onSignIn={onSignIn}
    />
  );
}
