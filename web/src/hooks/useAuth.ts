import { useCallback, useEffect, useState } from "react";

import * as api from "../api";
import { getAuthConfig, getAuthMe, signOutOfAccount } from "../accountsApi";
import type { AuthConfig, Me } from "../api-types";

export type AuthMode = "open" | "token" | "guest" | "account";

/** The full-page screens: signing in and up (and their links), the account and admin pages. */
export type Screen = "signin" | "signup" | "setup" | "forgot" | "reset" | "invitation" | "account" | "admin";

/** The parameters of the links the server mails (PUBLIC_URL/?reset=…, ?invitation=…). */
const LINK_SCREENS = ["reset", "invitation"] as const;

export interface AuthState {
  /** open: no credentials sent; token: a pasted operator token; guest: /chat/public; account: a
   * session cookie. */
  mode: AuthMode;
  /** False until the server said whether it has accounts and who this is. */
  ready: boolean;
  /** Nobody is signed in: a guest, or accounts are on and no session yet (nothing to load). */
  anonymous: boolean;
  /** What the server offers (null until it answered, or an older server without accounts). */
  config: AuthConfig | null;
  me: Me | null;
  screen: Screen | null;
  /** The reset or invitation token the page was opened with. */
  linkToken: string | null;
  /** Where single sign-on comes back to: the page the person asked to sign in from. */
  returnTo: string;
  /** Changes on every sign-in/out so the workspace remounts and refetches as the new user. */
  generation: number;
  show: (screen: Screen | null) => void;
  signIn: (token: string) => void;
  /** A session cookie was set (sign-in, sign-up, setup); a guest keeps the conversation on screen. */
  signedIn: () => Promise<void>;
  continueAsGuest: () => void;
  signOut: () => Promise<void>;
}

const storedMode = (): AuthMode => (api.getToken() ? "token" : api.isGuest() ? "guest" : "open");
/** This page, to come back to after signing in (without how an earlier single sign-on ended). */
const here = () => {
  const params = new URLSearchParams(window.location.search);
  params.delete("sso");
  const query = params.toString();
  return `${window.location.pathname}${query ? `?${query}` : ""}`;
};

/** A mailed link's token, taken out of the address so it stays out of the history. */
function takeLinkToken(): { screen: Screen; token: string } | null {
  const params = new URLSearchParams(window.location.search);
  for (const screen of LINK_SCREENS) {
    const token = params.get(screen);
    if (!token) continue;
    params.delete(screen);
    const query = params.toString();
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
    return { screen, token };
  }
  return null;
}

async function whoAmI(): Promise<{ config: AuthConfig | null; me: Me | null }> {
  const config = await getAuthConfig().catch(() => null);
  if (config?.accounts !== true) return { config: null, me: null };
  return { config, me: await getAuthMe().catch(() => null) };
}

/** The screen a fresh page opens on: a mailed link, the first admin's setup, or sign-in. */
function firstScreen(config: AuthConfig | null, me: Me | null): Screen | null {
  if (config?.setup_needed) return "setup";
  if (config && !me?.via && !api.isGuest()) return "signin";
  return null;
}

type Known = { config: AuthConfig | null; me: Me | null };

/** What the server offers and who this is (null until it answered); `learn` asks again. */
function useServerAuth() {
  const [known, setKnown] = useState<Known | null>(null);
  const learn = useCallback(async () => {
    const found = await whoAmI();
    setKnown(found);
    return found;
  }, []);
  return { known, learn };
}

/** The open screen: a mailed link's, the first admin's setup, sign-in when accounts are on and
 * nobody is signed in, or after any 401; `returnTo` is where single sign-on comes back to. */
function useScreen(linkScreen: Screen | null, learn: () => Promise<Known>, remount: () => void) {
  const [screen, setScreen] = useState<Screen | null>(null);
  const [returnTo, setReturnTo] = useState(here);
  useEffect(() => {
    void learn().then(({ config, me }) => {
      setScreen((open) => linkScreen ?? firstScreen(config, me) ?? open);
      // Signed out of accounts: start again as nobody, without what the first requests refused.
      if (config && !me?.via && !api.isGuest()) remount();
    });
    return api.onAuthRequired(() => setScreen((open) => open ?? "signin"));
  }, [learn, linkScreen, remount]);
  const show = useCallback((next: Screen | null) => {
    if (next === "signin") setReturnTo(here());
    setScreen(next);
  }, []);
  return { screen, setScreen, returnTo, show };
}

/** Who the UI talks to the API as: a session cookie (accounts), a token in localStorage (see
 * api.ts), a guest, or nobody when the server needs no one. */
export function useAuth(): AuthState {
  const [stored, setStored] = useState<AuthMode>(storedMode);
  const { known, learn } = useServerAuth();
  const [link] = useState(takeLinkToken);
  const [generation, setGeneration] = useState(0);
  const remount = useCallback(() => setGeneration((value) => value + 1), []);
  const { screen, setScreen, returnTo, show } = useScreen(link?.screen ?? null, learn, remount);

  const switchTo = useCallback(
    (change: () => void) => {
      change();
      setStored(storedMode());
      setScreen(null);
      remount();
    },
    [remount],
  );

  const signedIn = useCallback(async () => {
    const wasGuest = api.isGuest();
    api.signOut(); // no token and no guest mode: the cookie speaks for the person now
    setStored(storedMode());
    await learn();
    setScreen(null);
    if (!wasGuest) remount();
  }, [learn, remount]);

  const config = known?.config ?? null;
  const me = known?.me ?? null;
  const mode = me?.via === "session" ? "account" : stored;

  // Back from single sign-on as a guest: the cookie speaks for the person now, not the guest.
  useEffect(() => {
    if (me?.via !== "session" || !api.isGuest()) return;
    api.signOut();
    setStored(storedMode());
  }, [me]);

  const signOut = useCallback(async () => {
    if (mode === "account") await signOutOfAccount(false).catch(() => undefined);
    api.signOut();
    const found = await learn(); // before the remount: the new workspace loads as nobody
    switchTo(() => undefined);
    setScreen((open) => firstScreen(found.config, found.me) ?? open);
  }, [mode, switchTo, learn]);

  return {
    mode,
    ready: known !== null,
    anonymous: mode === "guest" || (config !== null && !me?.via),
    config,
    me,
    screen,
    linkToken: link?.token ?? null,
    returnTo,
    generation,
    show,
    signIn: (token) => switchTo(() => api.signIn(token)),
    signedIn,
    continueAsGuest: () => switchTo(api.continueAsGuest),
    signOut,
  };
}
