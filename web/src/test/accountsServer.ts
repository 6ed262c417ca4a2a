/** A small in-memory stand-in for the accounts routes at the fetch edge (docs/accounts.md):
 * it answers as the server does, records every request, and checks the CSRF header on writes. */
import type { AuthConfig, User } from "../api-types";

export interface Seen {
  method: string;
  url: string;
  body: unknown;
  csrf: string | null;
}

const CSRF = "csrf-of-this-session";

const json = (value: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(value), {
    status,
    headers: { "Content-Type": "application/json" },
  });

export const person = (id: string, role: User["role"], status: User["status"] = "active"): User => ({
  id,
  email: `${id}@example.com`,
  name: id[0]!.toUpperCase() + id.slice(1),
  role,
  status,
  created_at: 1764300000,
  sso: false,
});

export class AccountsServer {
  seen: Seen[] = [];
  signedIn: User | null = null;
  users: User[] = [person("ada", "admin"), person("bob", "user", "pending")];
  keys: { id: string; name: string; prefix: string; created_at: number; last_used_at: number | null }[] = [];
  passwords: Record<string, string> = { "ada@example.com": "a long password 1", "bob@example.com": "a long password 2" };

  constructor(readonly config: AuthConfig) {}

  signIn(user: User): void {
    this.signedIn = user;
    document.cookie = `propsearch_csrf=${CSRF}; path=/`;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const method = (init?.method ?? "GET").toUpperCase();
    const csrf = new Headers(init?.headers).get("X-CSRF-Token");
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    this.seen.push({ method, url, body, csrf });
    if (method !== "GET" && this.signedIn && csrf !== CSRF) return json({ detail: "CSRF token missing" }, 403);
    return this.answer(method, url, body as Record<string, string>);
  };

  writes = () => this.seen.filter((request) => request.method !== "GET");

  private answer(method: string, url: string, body: Record<string, string>): Response {
    const route = `${method} ${url.split("?")[0]}`;
    if (route === "GET /auth/config") return json(this.config);
    if (route === "GET /auth/me") return json(this.me());
    if (route === "POST /auth/signin") return this.passwordSignIn(body);
    if (route === "POST /auth/signup") return this.signUp(body);
    if (route === "POST /auth/setup") return this.setUp(body);
    if (route === "POST /auth/password-reset/confirm") return json({ detail: "this link is wrong, used or expired" }, 400);
    if (!this.signedIn) return json({ detail: "a valid bearer token is required (Authorization: Bearer <token>)" }, 401);
    return this.signedInAnswer(route, body) ?? json({ detail: "not here" }, 404);
  }

  private me() {
    const user = this.signedIn;
    return { user, user_id: user?.id ?? null, role: user?.role ?? "guest", via: user ? "session" : null };
  }

  private passwordSignIn({ email, password }: Record<string, string>): Response {
    const user = this.users.find((found) => found.email === email);
    if (!user || this.passwords[email!] !== password) return json({ detail: "wrong email or password" }, 401);
    this.signIn(user);
    return json({ user, csrf_token: CSRF });
  }

  private signUp({ email, name }: Record<string, string>): Response {
    const user = { ...person(name!.toLowerCase(), "user", "pending"), email: email! };
    this.users.push(user);
    return json({ user, csrf_token: null }, 202);
  }

  private setUp({ email, name }: Record<string, string>): Response {
    const user = { ...person("ada", "admin"), email: email!, name: name! };
    this.config.setup_needed = false;
    this.signIn(user);
    return json({ user, csrf_token: CSRF }, 201);
  }

  private signedInAnswer(route: string, body: Record<string, string>): Response | null {
    if (route === "GET /sessions") return json({ sessions: [] });
    if (route === "GET /memory/preferences") return json({ preferences: {} });
    if (route === "GET /memory/changes") return json({ changes: [] });
    if (route === "GET /alerts") return json({ alerts: [], unread: 0 });
    if (route === "GET /me") return json({ user: this.signedIn!.id, role: this.signedIn!.role });
    if (route === "GET /api-keys") return json({ keys: this.keys });
    if (route === "POST /api-keys") return this.newKey(body.name!);
    if (route.startsWith("DELETE /api-keys/")) {
      this.keys = this.keys.filter((key) => !route.endsWith(`/${key.id}`));
      return json(null, 204);
    }
    if (route.includes("/admin/") && this.signedIn!.role !== "admin") return json({ detail: "admins only" }, 403);
    return this.adminAnswer(route, body);
  }

  private newKey(name: string): Response {
    const key = { id: `k${this.keys.length + 1}`, name, prefix: "psk_ab12", created_at: 1764300000, last_used_at: null };
    this.keys.push(key);
    return json({ ...key, key: "psk_the-secret-shown-once" }, 201);
  }

  private adminAnswer(route: string, body: Record<string, string>): Response | null {
    if (route === "GET /admin/users") return json({ users: this.users });
    if (route === "GET /admin/invitations") return json({ invitations: [] });
    if (route === "GET /admin/audit") return json({ events: [] });
    if (route.startsWith("PATCH /admin/users/")) {
      const id = route.split("/").pop()!;
      this.users = this.users.map((user) => (user.id === id ? { ...user, ...body } as User : user));
      return json(this.users.find((user) => user.id === id));
    }
    return null;
  }
}
