import { useCallback, useEffect, useState } from "react";

import * as api from "../api";

export type AuthMode = "open" | "token" | "guest";

export interface AuthState {
  /** open: no token sent (the server may need none); token: signed in; guest: /chat/public. */
  mode: AuthMode;
  /** True after the API answered 401: show the sign-in dialog. */
  needsSignIn: boolean;
  /** Changes on every sign-in/out so the workspace remounts and refetches as the new user. */
  generation: number;
  signIn: (token: string) => void;
  continueAsGuest: () => void;
  signOut: () => void;
}

const currentMode = (): AuthMode => (api.getToken() ? "token" : api.isGuest() ? "guest" : "open");

/** Who the UI talks to the API as; tokens live in localStorage (see api.ts). */
export function useAuth(): AuthState {
  const [mode, setMode] = useState<AuthMode>(currentMode);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => api.onAuthRequired(() => setNeedsSignIn(true)), []);

  const switchTo = useCallback((change: () => void) => {
    change();
    setMode(currentMode());
    setNeedsSignIn(false);
    setGeneration((value) => value + 1);
  }, []);

  return {
    mode,
    needsSignIn,
    generation,
    signIn: (token) => switchTo(() => api.signIn(token)),
    continueAsGuest: () => switchTo(api.continueAsGuest),
    signOut: () => switchTo(api.signOut),
  };
}
