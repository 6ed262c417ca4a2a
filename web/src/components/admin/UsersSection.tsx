import { changeUser, endUserSessions, listUsers, ROLES, type Role } from "../../accountsApi";
import type { User } from "../../api-types";
import { Problem, quietButton } from "../account/FormParts";
import { Section, when } from "../account/PageFrame";
import { useAdminList } from "./useAdminList";

const USER_FAILED: Record<number, string> = {
  409: "You cannot disable yourself or take away your own admin role: the site would have no admin.",
};

const STATUS_WORDS: Record<User["status"], string> = {
  active: "active",
  pending: "waiting for approval",
  disabled: "disabled",
};

/** Everyone with an account: role, approval, disabling, signing a person out everywhere. */
export function UsersSection({ selfId, onChanged }: { selfId: string; onChanged: () => void }) {
  const { items: users, problem, act } = useAdminList(listUsers, USER_FAILED, onChanged);
  return (
    <Section title="People">
      <Problem text={problem} />
      <table className="w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th className="py-1 font-medium">Person</th>
            <th className="py-1 font-medium">Role</th>
            <th className="py-1 font-medium">Status</th>
            <th className="py-1 font-medium">Joined</th>
            <th className="py-1 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} self={user.id === selfId} act={act} />
          ))}
        </tbody>
      </table>
    </Section>
  );
}

interface RowProps {
  user: User;
  self: boolean;
  act: (change: () => Promise<unknown>) => Promise<void>;
}

function UserRow({ user, self, act }: RowProps) {
  const who = user.name || user.email;
  return (
    <tr className="border-t border-slate-100 align-middle" data-testid="user-row">
      <td className="py-1">
        <div className="font-medium text-slate-900">{who}</div>
        <div className="text-slate-600">{user.email}</div>
      </td>
      <td className="py-1">
        <select
          aria-label={`Role of ${who}`}
          value={user.role}
          disabled={self}
          onChange={(event) => void act(() => changeUser(user.id, { role: event.target.value as Role }))}
          className="rounded border border-slate-300 bg-white px-2 py-1"
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </td>
      <td className="py-1">{STATUS_WORDS[user.status]}</td>
      <td className="py-1">{when(user.created_at)}</td>
      <td className="space-x-1 py-1 text-right whitespace-nowrap">
        <RowActions user={user} who={who} self={self} act={act} />
      </td>
    </tr>
  );
}

/** Approve, enable, disable, sign out everywhere: what fits the person's status (never oneself). */
function RowActions({ user, who, self, act }: RowProps & { who: string }) {
  const setStatus = (status: "active" | "disabled") => void act(() => changeUser(user.id, { status }));
  return (
    <>
      {user.status === "pending" && (
        <button type="button" className={quietButton} onClick={() => setStatus("active")} aria-label={`Approve ${who}`}>
          Approve
        </button>
      )}
      {user.status === "disabled" && (
        <button type="button" className={quietButton} onClick={() => setStatus("active")} aria-label={`Enable ${who}`}>
          Enable
        </button>
      )}
      {user.status !== "disabled" && !self && (
        <button type="button" className={quietButton} onClick={() => setStatus("disabled")} aria-label={`Disable ${who}`}>
          Disable
        </button>
      )}
      {user.status === "active" && !self && (
        <button type="button" className={quietButton} onClick={() => void act(() => endUserSessions(user.id))} aria-label={`Sign out everywhere: ${who}`}>
          Sign out everywhere
        </button>
      )}
    </>
  );
}
