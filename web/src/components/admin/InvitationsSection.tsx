import { useState, type FormEvent } from "react";

import { dropInvitation, invite, listInvitations, ROLES, type Role } from "../../accountsApi";
import type { InvitationForm, NewInvitation } from "../../api-types";
import { Field, Notice, primaryButton, Problem, quietButton } from "../account/FormParts";
import { Section, when } from "../account/PageFrame";
import { useAdminList } from "./useAdminList";

/** Invitations: made for an email and a role (the link shown once), listed, withdrawn. */
export function InvitationsSection({ onChanged }: { onChanged: () => void }) {
  const { items: invitations, problem, act } = useAdminList(listInvitations, undefined, onChanged);
  const [made, setMade] = useState<NewInvitation | null>(null);
  const send = (form: InvitationForm) => void act(async () => setMade(await invite(form)));
  return (
    <Section title="Invitations">
      <InviteForm onInvite={send} />
      <Problem text={problem} />
      {made && <MadeInvitation invitation={made} />}
      <ul className="divide-y divide-slate-100 text-sm">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex items-center gap-2 py-1" data-testid="invitation-row">
            <span className="min-w-0 flex-1">
              {invitation.email} as {invitation.role} ·{" "}
              {invitation.used_at ? `accepted ${when(invitation.used_at)}` : `open until ${when(invitation.expires_at)}`}
            </span>
            {!invitation.used_at && (
              <button
                type="button"
                className={quietButton}
                onClick={() => void act(() => dropInvitation(invitation.id))}
                aria-label={`Withdraw the invitation of ${invitation.email}`}
              >
                Withdraw
              </button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function InviteForm({ onInvite }: { onInvite: (form: InvitationForm) => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("user");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onInvite({ email: email.trim(), role });
    setEmail("");
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <Field label="Email to invite" type="email" value={email} onChange={setEmail} />
      </div>
      <label className="text-sm text-slate-700">
        Role
        <select
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          className="mt-1 block rounded-lg border border-slate-300 bg-white px-2 py-2"
        >
          {ROLES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!email.trim()} className={primaryButton}>
        Invite
      </button>
    </form>
  );
}

function MadeInvitation({ invitation }: { invitation: NewInvitation }) {
  const link = invitation.link ?? `${window.location.origin}/?invitation=${invitation.token}`;
  return (
    <div className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <Notice text={invitation.emailed ? `The invitation was emailed to ${invitation.email}.` : null} />
      <p>Send this link to {invitation.email} (it is shown once and works once):</p>
      <code className="block break-all rounded bg-white px-2 py-1" data-testid="invitation-link">
        {link}
      </code>
    </div>
  );
}
