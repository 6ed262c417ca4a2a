/** The accounts routes (docs/accounts.md): signing in and up, API keys, administration. */
import { getJson, sendJson } from "./api";
import type {
  ApiKey,
  ApiKeys,
  AuthConfig,
  AuthEvent,
  AuthEvents,
  Invitation,
  InvitationForm,
  Invitations,
  Me,
  NewApiKey,
  NewInvitation,
  SetupForm,
  SignedIn,
  SigninForm,
  SignupForm,
  User,
  UserChange,
  Users,
} from "./api-types";

export type Role = User["role"];
export const ROLES: readonly Role[] = ["admin", "agent", "user", "guest"];

export const getAuthConfig = () => getJson<AuthConfig>("/auth/config");
export const getAuthMe = () => getJson<Me>("/auth/me");

export const signInWithPassword = (form: SigninForm) => sendJson<SignedIn>("POST", "/auth/signin", form);
export const signUp = (form: SignupForm) => sendJson<SignedIn>("POST", "/auth/signup", form);
export const setUpFirstAdmin = (form: SetupForm) => sendJson<SignedIn>("POST", "/auth/setup", form);
export const signOutOfAccount = (everywhere: boolean) =>
  sendJson<null>("POST", "/auth/signout", { everywhere });

export const changePassword = (current_password: string, new_password: string) =>
  sendJson<null>("POST", "/auth/password", { current_password, new_password });
export const requestPasswordReset = (email: string) =>
  sendJson<null>("POST", "/auth/password-reset", { email });
export const confirmPasswordReset = (token: string, new_password: string) =>
  sendJson<null>("POST", "/auth/password-reset/confirm", { token, new_password });

/** Where single sign-on starts; `next` (a path of this site) is where it lands afterwards. */
export const ssoStartUrl = (next: string) => `/auth/oidc/start?next=${encodeURIComponent(safeNext(next))}`;

/** A path of this site (`/…`, never `//…` or a URL), else `/`: no open redirect. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  return next;
}

export const listApiKeys = async (): Promise<ApiKey[]> => (await getJson<ApiKeys>("/api-keys")).keys;
export const createApiKey = (name: string) => sendJson<NewApiKey>("POST", "/api-keys", { name });
export const revokeApiKey = (id: string) => sendJson<null>("DELETE", `/api-keys/${encodeURIComponent(id)}`);

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const listUsers = async (): Promise<User[]> => (await getJson<Users>("/admin/users")).users;
export const changeUser = (id: string, change: UserChange) => sendJson<User>("PATCH", userPath(id), change);
export const endUserSessions = (id: string) => sendJson<null>("DELETE", `${userPath(id)}/sessions`);

export const listInvitations = async (): Promise<Invitation[]> =>
  (await getJson<Invitations>("/admin/invitations")).invitations;
export const invite = (form: InvitationForm) => sendJson<NewInvitation>("POST", "/admin/invitations", form);
export const dropInvitation = (id: string) =>
  sendJson<null>("DELETE", `/admin/invitations/${encodeURIComponent(id)}`);

export const listAudit = async (): Promise<AuthEvent[]> =>
  (await getJson<AuthEvents>("/admin/audit?limit=100")).events;
