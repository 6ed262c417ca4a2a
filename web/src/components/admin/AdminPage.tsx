import { useCallback, useState } from "react";

import { PageFrame } from "../account/PageFrame";
import { AuditSection } from "./AuditSection";
import { InvitationsSection } from "./InvitationsSection";
import { UsersSection } from "./UsersSection";

/** The admin's page (shown to admins only, so no one else sends these requests): people and
 * their roles, approvals, disabling, invitations, the sign-in audit (reloaded after each of the
 * admin's changes, which it records). */
export function AdminPage({ selfId, onClose }: { selfId: string; onClose: () => void }) {
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => setChanges((count) => count + 1), []);
  return (
    <PageFrame title="Administration" onClose={onClose}>
      <UsersSection selfId={selfId} onChanged={changed} />
      <InvitationsSection onChanged={changed} />
      <AuditSection changes={changes} />
    </PageFrame>
  );
}
