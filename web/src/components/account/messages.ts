import { ApiError } from "../../api";

/** What a person reads when an accounts request fails: never the API's own text, and never a
 * hint whether an email has an account. `byStatus` names the answers this form expects. */
export function humanMessage(error: unknown, byStatus: Record<number, string>, fallback: string): string {
  if (!(error instanceof ApiError)) return "The server could not be reached. Check your connection and try again.";
  const expected = byStatus[error.status];
  if (expected) return expected;
  if (error.status === 422) return CHECK_FIELDS;
  if (error.status === 429) return TOO_MANY;
  return fallback;
}

const CHECK_FIELDS = "Check the form: an email address, and a password of 10 to 1024 characters.";
const TOO_MANY = "Too many attempts. Wait a few minutes, then try again.";

export const SIGN_IN_FAILED: Record<number, string> = {
  401: "That email and password do not match. Try again, or reset your password.",
  403: "This account cannot sign in yet: it waits for an administrator's approval, or was disabled.",
};

export const SIGN_UP_FAILED: Record<number, string> = {
  403: "Signing up here needs a valid invitation. Ask an administrator for one.",
  409: "An account could not be made with that email. If you have one, sign in or reset your password.",
};

export const SETUP_FAILED: Record<number, string> = {
  403: "That setup code is not right. The server wrote it to MEMORY_ROOT/accounts/setup-code.",
  409: "This site already has an administrator. Sign in instead.",
};

export const RESET_FAILED: Record<number, string> = {
  400: "This reset link does not work any more (it was used or has expired). Ask for a new one.",
};

export const PASSWORD_FAILED: Record<number, string> = {
  401: "Your current password is not right.",
  403: "Your current password is not right.",
};

/** How single sign-on ended when the server sent the browser back with `?sso=…`. */
export const SSO_OUTCOMES: Record<string, string> = {
  failed: "Single sign-on did not work. Try again, or sign in with your email and password.",
  refused: "This account cannot sign in yet: it waits for an administrator's approval, or was disabled.",
  busy: "Too many attempts. Wait a few minutes, then try again.",
};

/** The outcome of a single sign-on the server refused, taken out of the address (once). */
export function takeSsoOutcome(): string | null {
  const params = new URLSearchParams(window.location.search);
  const outcome = params.get("sso");
  if (outcome === null) return null;
  params.delete("sso");
  const query = params.toString();
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  return SSO_OUTCOMES[outcome] ?? SSO_OUTCOMES.failed ?? null;
}
