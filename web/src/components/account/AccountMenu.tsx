import { LogOut, Shield, UserRound } from "lucide-react";

import type { AuthState } from "../../hooks/useAuth";

const headerButton =
  "flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600";

/** The header's way to the account (and, for admins, the admin page), sign-in and sign-out. */
export function AccountMenu({ auth }: { auth: AuthState }) {
  const { mode, me, config } = auth;
  if (mode === "guest") {
    return (
      <div className="flex items-center gap-1">
        {config && (
          <button type="button" onClick={() => auth.show("signin")} className={headerButton}>
            Sign in
          </button>
        )}
        <button type="button" onClick={() => void auth.signOut()} className={headerButton}>
          <LogOut size={16} aria-hidden="true" /> Leave guest mode
        </button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1">
      {mode === "account" && me?.user && (
        <button type="button" onClick={() => auth.show("account")} className={headerButton}>
          <UserRound size={16} aria-hidden="true" /> {me.user.name || me.user.email}
        </button>
      )}
      {mode === "account" && me?.role === "admin" && (
        <button type="button" onClick={() => auth.show("admin")} className={headerButton}>
          <Shield size={16} aria-hidden="true" /> Admin
        </button>
      )}
      {mode !== "open" && (
        <button type="button" onClick={() => void auth.signOut()} className={headerButton}>
          <LogOut size={16} aria-hidden="true" /> Sign out
        </button>
      )}
    </div>
  );
}
