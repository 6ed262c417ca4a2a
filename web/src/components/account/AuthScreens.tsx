import type { AuthState } from "../../hooks/useAuth";
import { AdminPage } from "../admin/AdminPage";
import { AccountPage } from "./AccountPage";
import { ForgotPasswordPage, ResetPasswordPage } from "./ResetPages";
import { SignInPage } from "./SignInPage";
import { SignUpPage } from "./SignUpPage";
import { TokenSignIn } from "./TokenSignIn";

/** The screen `auth.screen` names: the sign-in family, or the account and admin pages;
 * `onLeavingToSignIn` runs as single sign-on leaves the page (the guest's chat is kept). */
export function AuthScreens({ auth, onLeavingToSignIn }: { auth: AuthState; onLeavingToSignIn?: () => void }) {
  const { config, me, screen, show } = auth;
  const toSignIn = () => show("signin");
  if (screen === null || !auth.ready) return null;
  if (!config) {
    return screen === "signin" ? <TokenSignIn onSignIn={auth.signIn} onGuest={auth.continueAsGuest} /> : null;
  }
  switch (screen) {
    case "signin":
      return (
        <SignInPage
          config={config}
          returnTo={auth.returnTo}
          onSignedIn={auth.signedIn}
          onShow={show}
          onGuest={auth.continueAsGuest}
          onLeaving={onLeavingToSignIn}
        />
      );
    case "signup":
    case "setup":
      return <SignUpPage kind={screen} onSignedIn={auth.signedIn} onSignIn={toSignIn} />;
    case "invitation":
      return <SignUpPage kind="invitation" invitation={auth.linkToken} onSignedIn={auth.signedIn} onSignIn={toSignIn} />;
    case "forgot":
      return <ForgotPasswordPage onSignIn={toSignIn} />;
    case "reset":
      return <ResetPasswordPage token={auth.linkToken ?? ""} onSignIn={toSignIn} />;
    case "account":
      return me?.user ? <AccountPage user={me.user} onClose={() => show(null)} onSignedOut={() => void auth.signOut()} /> : null;
    case "admin":
      return me?.user && me.role === "admin" ? <AdminPage selfId={me.user.id} onClose={() => show(null)} /> : null;
  }
}
