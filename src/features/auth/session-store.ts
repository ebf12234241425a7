import { create } from 'zustand';

export interface SessionUser {
  /** Subject of the token: local data (header profiles, runs) is kept per subject. */
  sub: string;
  email?: string;
  name: string;
  username?: string;
  expiresAt?: number;
}

export type SessionState =
  | { status: 'starting' }
  | { status: 'signed-out'; error?: string }
  /**
   * A pasted token waits for the API to say whose it is; nothing of anyone's local data is open. `problem`: the API
   * could not be asked (the person may retry).
   */
  | { status: 'checking'; claimedName: string; problem?: string }
  /** expired: a renewal was refused; the page stays (draft, transcript) and asks to sign in again. */
  | { status: 'signed-in'; mode: 'oidc' | 'token'; user: SessionUser; expired?: true };

interface SessionStore {
  session: SessionState;
  /** Shown on the sign-in page when a renewal failed and the person must sign in again. */
  signedIn(mode: 'oidc' | 'token', user: SessionUser): void;
  signedOut(error?: string): void;
  checking(claimedName: string, problem?: string): void;
  /** The identity provider refused a renewal: the person must sign in again, but nothing on screen goes away. */
  sessionExpired(): void;
}

export const useSessionStore = create<SessionStore>((set) => ({
  session: { status: 'starting' },
  signedIn: (mode, user) => set({ session: { status: 'signed-in', mode, user } }),
  signedOut: (error) => set({ session: error ? { status: 'signed-out', error } : { status: 'signed-out' } }),
  checking: (claimedName, problem) =>
    set({ session: problem ? { status: 'checking', claimedName, problem } : { status: 'checking', claimedName } }),
  sessionExpired: () =>
    set(({ session }) => (session.status === 'signed-in' ? { session: { ...session, expired: true } } : {})),
}));
