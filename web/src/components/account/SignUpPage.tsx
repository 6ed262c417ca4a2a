import { useState } from "react";

import { setUpFirstAdmin, signUp } from "../../accountsApi";
import type { SignedIn } from "../../api-types";
import { AuthFrame, Field, linkButton, Notice, primaryButton, Problem, useSubmit } from "./FormParts";
import { humanMessage, SETUP_FAILED, SIGN_UP_FAILED } from "./messages";

/** signup: anyone (as ACCOUNTS_SIGNUP allows); invitation: an admin's link; setup: the first admin. */
type SignUpKind = "signup" | "invitation" | "setup";

interface Props {
  kind: SignUpKind;
  /** The invitation's token (from its link). */
  invitation?: string | null;
  onSignedIn: () => Promise<void>;
  onSignIn: () => void;
}

const TITLES: Record<SignUpKind, string> = {
  signup: "Create your account",
  invitation: "Accept your invitation",
  setup: "Create the first administrator",
};

const WAITING = "Thanks! An administrator will approve your account; then sign in with this email.";

/** Makes an account: signed in at once, or (ACCOUNTS_SIGNUP=approval) waiting for an admin. */
export function SignUpPage({ kind, invitation, onSignedIn, onSignIn }: Props) {
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [waiting, setWaiting] = useState(false);
  const { busy, problem, submit } = useSubmit(
    async () => {
      const fields = { email: email.trim(), password, name: name.trim() };
      const done: SignedIn =
        kind === "setup" ? await setUpFirstAdmin({ ...fields, code: code.trim() }) : await signUp({ ...fields, invitation });
      if (done.csrf_token === null) setWaiting(true);
      else await onSignedIn();
    },
    (error) => humanMessage(error, kind === "setup" ? SETUP_FAILED : SIGN_UP_FAILED, "The account could not be made just now. Try again."),
  );
  if (waiting) return <WaitingForApproval onSignIn={onSignIn} />;
  return (
    <AuthFrame title={TITLES[kind]}>
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        {kind === "setup" && <SetupCode code={code} onChange={setCode} />}
        <Field label="Name" autoComplete="name" value={name} onChange={setName} />
        <Field label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} />
        <Field label="Password (10 characters or more)" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
        <Problem text={problem} />
        <button
          type="submit"
          disabled={busy || !email.trim() || password.length < 10 || (kind === "setup" && !code.trim())}
          className={`${primaryButton} w-full`}
        >
          {kind === "setup" ? "Create administrator" : "Create account"}
        </button>
      </form>
      {kind !== "setup" && (
        <button type="button" className={linkButton} onClick={onSignIn}>
          I have an account: sign in
        </button>
      )}
    </AuthFrame>
  );
}

function WaitingForApproval({ onSignIn }: { onSignIn: () => void }) {
  return (
    <AuthFrame title="Waiting for approval">
      <Notice text={WAITING} />
      <button type="button" className={linkButton} onClick={onSignIn}>
        Back to sign in
      </button>
    </AuthFrame>
  );
}

function SetupCode({ code, onChange }: { code: string; onChange: (code: string) => void }) {
  return (
    <>
      <p className="text-sm text-slate-600">
        The server wrote a one-time setup code to MEMORY_ROOT/accounts/setup-code. Paste it here.
      </p>
      <Field label="Setup code" value={code} onChange={onChange} />
    </>
  );
}
