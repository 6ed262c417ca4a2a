import { useEffect } from "react";

import { listAudit } from "../../accountsApi";
import { Problem } from "../account/FormParts";
import { Section, when } from "../account/PageFrame";
import { useAdminList } from "./useAdminList";

/** What the audit's kinds mean to a person. */
const KINDS: Record<string, string> = {
  signin: "sign-in",
  signout: "sign-out",
  signup: "sign-up",
  setup: "first admin",
  reset: "password reset",
  reset_request: "reset link asked for",
  sso: "single sign-on",
  password: "password change",
  invitation: "invitation",
  role: "role change",
  status: "status change",
};

/** The newest sign-ins, failures, sign-outs and changes (GET /admin/audit), loaded again each
 * time `changes` (the count of the admin's own changes on the page) grows. */
export function AuditSection({ changes }: { changes: number }) {
  const { items: events, problem, refresh } = useAdminList(listAudit);
  useEffect(() => {
    if (changes > 0) void refresh();
  }, [changes, refresh]);
  return (
    <Section title="Sign-in audit">
      <Problem text={problem} />
      <div className="max-h-80 overflow-y-auto" tabIndex={0} role="region" aria-label="Sign-in events">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="py-1 font-medium">When</th>
              <th className="py-1 font-medium">What</th>
              <th className="py-1 font-medium">Who</th>
              <th className="py-1 font-medium">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event, index) => (
              <tr key={`${event.at}-${index}`} className="border-t border-slate-100" data-testid="audit-row">
                <td className="py-1 whitespace-nowrap">{when(event.at)}</td>
                <td className="py-1">{KINDS[event.kind] ?? event.kind}</td>
                <td className="py-1">{event.email ?? "unknown"}</td>
                <td className="py-1">{event.ok ? "ok" : `refused${event.detail ? `: ${event.detail}` : ""}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
