import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { User, UserManager } from 'oidc-client-ts';
import type { TokenSource } from '@/api/client/http-client';
import { checkPastedToken } from './jwt-claims';
import { resolveApiBase, type RuntimeConfig } from '@/lib/runtime-config-schema';
import {
  callbackPath,
  cameBackFromProviderLogout,
  createUserManager,
  safeReturnPath,
  signOutAtProvider,
  toSessionUser,
} from './oidc-session';
import { pastedTokenStore, type PastedToken } from './pasted-token/pasted-token-store';
import { createPastedTokenSession } from './pasted-token/pasted-token-session';
import { createCrossTabRenewal } from './cross-tab-renewal';
import { SessionExpiredNotice } from './session-expired-notice';
import { createSessionRenewal, type SessionRenewal } from './session-renewal';
import { useSessionStore } from './session-store';
import {
  announceSignOut,
  listenForSignOut,
  signedOutMessage,
  type SignedOutMessage,
} from './sign-out/sign-out-broadcast';
import { signOutInOrder } from './sign-out/sign-out';
import {
  clearSignOutMarker,
  markProviderFinished,
  markSignedOut,
  onSignOutMarked,
  readSignOutMarker,
} from './sign-out/sign-out-marker';

export interface AuthApi {
  tokens: TokenSource;
  oidcEnabled: boolean;
  providerName: string | undefined;
  authority: string | undefined;
  tokenPasteEnabled: boolean;
  signIn(): Promise<void>;
  /**
   * Signs out: `settle` (the signed-in console's stop) is awaited first, so answers being saved are saved; then the
   * refresh token is revoked, the tokens removed here and in the person's other tabs, and the provider's session
   * ended (the browser leaves for its logout page).
   */
  signOut(settle?: () => Promise<void>): Promise<void>;
  /**
   * What this tab does when its session ends because the person signed out in another tab, as `settle` of a sign-out
   * here: the signed-in console's leave (answers saved, their drafts and picks out of this tab's storage and memory).
   * Returns the stop.
   */
  whileSignedIn(settle: () => Promise<void>): () => void;
  /**
   * Someone signed out in this browser and the provider did not confirm that its session ended (its "Do you want to
   * log out?" left unanswered, or not reached): the sign-in page shows that last step as one to finish.
   */
  providerSignOutUnfinished(): boolean;
  /** Sends the browser to the provider's logout again (no hint is left: the provider asks, the person answers). */
  finishProviderSignOut(): Promise<void>;
  /** Checks a pasted token's form at once (the message says what is wrong), then asks the API whose it is. */
  acceptPastedToken(input: string): string | null;
  /** Asks the API again whose the pasted token is (after the network failed). */
  retryIdentityCheck(): Promise<void>;
  /**
   * The secret of this sign-in that its tabs share and no other page holds (the refresh token, else the access or
   * pasted token): what messages between them are sealed or proven under (lib/grant-seal.ts). Null when signed out.
   */
  channelSecret(): Promise<string | null>;
}

const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs <AuthProvider>');
  return value;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const returnPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

async function startOidc(manager: UserManager, renewal: SessionRenewal): Promise<void> {
  const { signedIn, signedOut } = useSessionStore.getState();
  if (window.location.pathname === callbackPath) {
    const providerError = new URLSearchParams(window.location.search).get('error_description');
    try {
      const user = await manager.signinRedirectCallback();
      // Strip code and state from the address bar and history before anything else renders.
      window.history.replaceState(null, '', safeReturnPath(user.state));
      clearSignOutMarker();
      signedIn('oidc', toSessionUser(user));
    } catch (error) {
      window.history.replaceState(null, '', '/');
      signedOut(
        `Sign-in did not complete: ${providerError ?? (error instanceof Error ? error.message : 'unknown error')}`,
      );
    }
    return;
  }
  if (readSignOutMarker()?.providerFinished === false && (await cameBackFromProviderLogout(manager)))
    markProviderFinished();
  const user = await manager.getUser();
  if (user && !user.expired) {
    renewal.schedule(user);
    return signedIn('oidc', toSessionUser(user));
  }
  if (user?.refresh_token) {
    const renewed = await renewal.renew();
    if (renewed) return signedIn('oidc', toSessionUser(renewed));
  }
  signedOut();
}

// One start per manager: StrictMode runs effects twice, and a sign-in code can be redeemed only once.
const started = new WeakMap<UserManager, Promise<void>>();

/** Builds the sign-in machinery from the runtime config once, before anything renders. */
export function createAuth(config: RuntimeConfig): AuthApi & {
  manager: UserManager | null;
  renewal: SessionRenewal | null;
  /** True once this tab signs out: token sets loaded after that (a late renewal, a revocation) are not taken. */
  leaving(): boolean;
  /** Checks with the API the token this tab kept from before a reload. */
  startPasted(token: PastedToken): Promise<void>;
} {
  const oidc = config.auth.oidc;
  const manager = oidc ? createUserManager(oidc, window.location.origin) : null;
  // Missing outside secure contexts (plain http on a non-local host): then each tab renews and signs out alone.
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel('assistant-console.session') : undefined;
  const pasted = createPastedTokenSession({ apiBase: resolveApiBase(config, window.location.origin) });
  // in: signed in or signing in; leaving: sign-out has begun (no token set is taken); gone: the tokens are removed.
  let phase: 'in' | 'leaving' | 'gone' = 'in';
  // The browser is on its way to the provider's logout page: its question is not unanswered yet.
  let awayToProvider = false;
  const renewal = manager
    ? createSessionRenewal({
        renewHere: async () => {
          const user = await manager.signinSilent();
          // Signed out while this renewal was on its way, and it came back after the tokens were removed:
          // oidc-client-ts has stored its new ones, which go again. (Earlier, sign-out revokes and removes them.)
          if (phase === 'gone' && user) {
            await manager.revokeTokens(['refresh_token']).catch(() => undefined);
            await manager.removeUser();
            return null;
          }
          return user;
        },
        onExpired: () => useSessionStore.getState().sessionExpired(),
        share: createCrossTabRenewal({
          locks: (navigator as { locks?: LockManager }).locks,
          channel,
          currentUser: () => manager.getUser(),
          adopt: async (user) => {
            if (phase !== 'in') return;
            await manager.storeUser(user);
            await manager.events.load(user);
          },
        }),
      })
    : null;

  async function channelSecret(): Promise<string | null> {
    const token = pastedTokenStore.read();
    if (token) return token.token;
    const user = await manager?.getUser();
    return user?.refresh_token ?? user?.access_token ?? null;
  }

  // The signed-in console's leave, for a sign-out that another tab announced.
  let settleHere: (() => Promise<void>) | null = null;

  /** Signs this tab out: here at the person's request (then at the provider too), or after another tab did. */
  async function leave({ settle, here }: { settle?: (() => Promise<void>) | undefined; here: boolean }) {
    const { session } = useSessionStore.getState();
    const sub = session.status === 'signed-in' ? session.user.sub : undefined;
    const elsewhere = here ? undefined : 'You signed out in another tab.';
    // A pasted token (checked or being checked) has no provider session, nothing to revoke and no ID token.
    const local =
      !manager ||
      pastedTokenStore.read() !== null ||
      session.status === 'checking' ||
      (session.status === 'signed-in' && session.mode === 'token');
    if (!local && phase !== 'in') return; // already signing out (a second click, another tab's word)
    if (!local) phase = 'leaving';
    let announcement: SignedOutMessage | null = null;
    await signOutInOrder({
      endRenewals: () => (local ? Promise.resolve() : (renewal?.end() ?? Promise.resolve())),
      settle: settle ?? settleHere ?? (() => Promise.resolve()),
      // Only the refresh token: access tokens are JWTs that APIs check offline, which revocation cannot reach.
      revoke: () => (local || !manager ? Promise.resolve() : manager.revokeTokens(['refresh_token'])),
      removeTokens: async () => {
        // Made while this tab still holds the sign-in's secret (after a renewal in flight, so with its newest one).
        if (here && sub) announcement = await signedOutMessage(sub, await channelSecret());
        pasted.forget();
        if (local || !manager) return undefined;
        // Whatever happens from here (the provider's page left unanswered, the network gone), the next sign-in in
        // this browser asks for a password.
        if (here) markSignedOut(Date.now());
        const user = await manager.getUser();
        await manager.removeUser();
        phase = 'gone';
        return user?.id_token;
      },
      signedOut: (problem) => useSessionStore.getState().signedOut(elsewhere ?? problem),
      announce: () => announceSignOut(channel, announcement),
      endAtProvider: (hint) => (here && !local && manager ? goToProviderLogout(manager, hint) : Promise.resolve()),
    });
  }

  async function goToProviderLogout(to: UserManager, hint: string | undefined) {
    awayToProvider = true;
    try {
      await signOutAtProvider(to, hint);
    } catch (error) {
      awayToProvider = false;
      throw error;
    }
  }

  listenForSignOut(channel, channelSecret, (sub) => {
    const { session } = useSessionStore.getState();
    // leave never rejects: signOutInOrder turns each step's failure into the sign-in page's message.
    if (session.status === 'signed-in' && session.user.sub === sub) void leave({ here: false });
  });

  // A tab of the person that signed in on its own holds another grant and cannot check the proof above. A sign-out
  // marked in this browser is its hint, and only a hint (any page of the origin can write it): it asks the provider
  // whether its own grant still stands, and leaves when it does not (a confirmed logout ends the provider's session
  // and its grants), so no tab stays open on the person's data after they signed out in another.
  onSignOutMarked(window, () => {
    const { session } = useSessionStore.getState();
    if (session.status !== 'signed-in' || session.mode !== 'oidc' || !renewal || phase !== 'in') return;
    void renewal.renew().then((renewed) => {
      if (!renewed && phase === 'in') void leave({ here: false });
    });
  });

  const tokens: TokenSource = {
    async getAccessToken() {
      const pasted = pastedTokenStore.read();
      if (pasted) return pasted.token;
      const user = await manager?.getUser();
      if (renewal && user?.expired && user.refresh_token)
        return (await renewal.renew())?.access_token ?? user.access_token;
      return user?.access_token ?? null;
    },
    async renewAccessToken() {
      if (!manager || !renewal || pastedTokenStore.read()) return null;
      if (!renewal.mayRenewOnDemand(await manager.getUser())) return null;
      return (await renewal.renew())?.access_token ?? null;
    },
  };
  return {
    manager,
    renewal,
    tokens,
    oidcEnabled: manager !== null,
    providerName: oidc?.providerName,
    authority: oidc?.authority,
    tokenPasteEnabled: config.auth.allowAccessTokenPaste,
    async signIn() {
      pasted.forget();
      // Without OIDC, signing in again means pasting a new token: back to the sign-in page, draft kept.
      if (!manager) return useSessionStore.getState().signedOut('Paste a new access token to go on.');
      // After a sign-out in this browser the provider may still hold that person's session: ask for the password.
      const afterSignOut = readSignOutMarker() !== null;
      await manager.signinRedirect({ state: { returnTo: returnPath() }, ...(afterSignOut ? { prompt: 'login' } : {}) });
    },
    signOut: (settle) => leave({ settle, here: true }),
    whileSignedIn(settle) {
      settleHere = settle;
      return () => {
        if (settleHere === settle) settleHere = null;
      };
    },
    providerSignOutUnfinished: () =>
      manager !== null && !awayToProvider && readSignOutMarker()?.providerFinished === false,
    finishProviderSignOut: () => (manager ? goToProviderLogout(manager, undefined) : Promise.resolve()),
    acceptPastedToken(input) {
      const check = checkPastedToken(input, nowSeconds());
      if (!check.ok) return check.message;
      const token = { token: check.token, claims: check.claims };
      pastedTokenStore.write(token);
      pasted.verify(token);
      return null;
    },
    retryIdentityCheck: () => pasted.retry(),
    channelSecret,
    leaving: () => phase !== 'in',
    startPasted: (token: PastedToken) => pasted.verify(token),
  };
}

/** Restores or completes the session on start and keeps the session store in step with the OIDC user. */
export function AuthProvider({ auth, children }: { auth: ReturnType<typeof createAuth>; children: ReactNode }) {
  const { manager, renewal, leaving, startPasted } = auth;
  useEffect(() => {
    const { signedIn, signedOut } = useSessionStore.getState();
    const pasted = pastedTokenStore.read();
    if (pasted && window.location.pathname !== callbackPath) {
      // A token kept from before a reload is checked with the API again: nothing opens on its word alone.
      const check = checkPastedToken(pasted.token, nowSeconds());
      if (check.ok) startPasted({ token: check.token, claims: check.claims });
      else {
        pastedTokenStore.clear();
        signedOut(check.message);
      }
      return;
    }
    if (!manager || !renewal) return signedOut();
    // Every new token set (sign-in, renewal) plans its own next renewal; oidc-client-ts's "expiring" notice
    // is not used: at a fixed 60 s before expiry it fires at once for short-lived tokens, a renewal storm.
    const onLoaded = (user: User) => {
      if (leaving()) return;
      renewal.schedule(user);
      signedIn('oidc', toSessionUser(user));
    };
    manager.events.addUserLoaded(onLoaded);
    if (!started.has(manager))
      started.set(
        manager,
        startOidc(manager, renewal).catch((error: unknown) =>
          signedOut(error instanceof Error ? error.message : 'Sign-in failed'),
        ),
      );
    return () => manager.events.removeUserLoaded(onLoaded);
  }, [manager, renewal, leaving, startPasted]);

  return (
    <AuthContext.Provider value={auth}>
      <SessionExpiredNotice onSignIn={auth.signIn} />
      {children}
    </AuthContext.Provider>
  );
}
