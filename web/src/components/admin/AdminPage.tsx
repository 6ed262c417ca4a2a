import { PageFrame } from "../account/PageFrame";
import { AuditSection } from "./AuditSection";
import { InvitationsSection } from "./InvitationsSection";
import { UsersSection } from "./UsersSection";

/** The admin's page (shown to admins only, so no one else sends these requests): people and
 * their roles, approvals, disabling, invitations, the sign-in audit. */
export function AdminPage({ selfId, onClose }: { selfId: string; onClose: () => void }) {
  return (
    <PageFrame title="Administration" onClose={onClose}>
      <UsersSection selfId={selfId} />
      <InvitationsSection />
      <AuditSection />
    </PageFrame>
  );
}
