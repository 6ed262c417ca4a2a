import { useState } from "react";

import { changePassword, signOutOfAccount } from "../../accountsApi";
import type { User } from "../../api-types";
import { ApiKeysSection } from "./ApiKeysSection";
import { Field, Notice, primaryButton, Problem, quietButton, useSubmit } from "./FormParts";
import { humanMessage, PASSWORD_FAILED } from "./messages";
import { PageFrame, Section } from "./PageFrame";

interface Props {
  user: User;
  onClose: () => void;
  /** After "sign out everywhere": this browser is signed out too. */
  onSignedOut: () => void;
}

/** The signed-in person's page: API keys, password, signing out everywhere. */
export function AccountPage({ user, onClose, onSignedOut }: Props) {
  const everywhere = useSubmit(
    async () => {
      await signOutOfAccount(true);
      onSignedOut();
    },
    (error) => humanMessage(error, {}, "Signing out did not work just now. Try again."),
  );
  return (
    <PageFrame title="Your account" onClose={onClose}>
      <Section title="You">
        <p className="text-sm text-slate-700">
          {user.name || user.email} · {user.email} · {user.role}
        </p>
      </Section>
      <ApiKeysSection />
      {!user.sso && <PasswordSection />}
      <Section title="Sign out everywhere">
        <p className="text-sm text-slate-600">Ends every session of your account, on every device. API keys keep working.</p>
        <Problem text={everywhere.problem} />
        <button type="button" className={`${quietButton} border border-slate-300`} disabled={everywhere.busy} onClick={() => void everywhere.submit()}>
          Sign out everywhere
        </button>
      </Section>
    </PageFrame>
  );
}

function PasswordSection() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [done, setDone] = useState(false);
  const { busy, problem, submit } = useSubmit(
    async () => {
      setDone(false);
      await changePassword(current, next);
      setCurrent("");
      setNext("");
      setDone(true);
    },
    (error) => humanMessage(error, PASSWORD_FAILED, "The password could not be changed just now. Try again."),
  );
  return (
    <Section title="Change password">
      <form onSubmit={(event) => void submit(event)} className="max-w-sm space-y-3">
        <Field label="Current password" type="password" autoComplete="current-password" value={current} onChange={setCurrent} />
        <Field label="New password (10 characters or more)" type="password" autoComplete="new-password" value={next} onChange={setNext} />
        <Problem text={problem} />
        <Notice text={done ? "Your password is changed; your other sessions have ended." : null} />
        <button type="submit" disabled={busy || !current || next.length < 10} className={primaryButton}>
          Change password
        </button>
      </form>
    </Section>
  );
}
