import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { User, UserManager } from 'oidc-client-ts';
import type { TokenSource } from '@/api/http-client';
import { checkPastedToken, displayNameOf, type JwtClaims } from '@/lib/jwt';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { callbackPath, createUserManager, safeReturnPath, signOutAtProvider, toSessionUser } from './oidc-session';
import { pastedTokenStore } from './pasted-token';
import { createCrossTabRenewal } from './cross-tab-renewal';
import { SessionExpiredNotice } from './session-expired-notice';
import { createSessionRenewal, type SessionRenewal } from './session-renewal';
import { useSessionStore, type SessionUser } from './session-store';

export interface AuthApi {
  tokens: TokenSource;
  oidcEnabled: boolean;
  providerName: string | undefined;
  authority: string | undefined;
  tokenPasteEnabled: boolean;
  signIn(): Promise<void>;
  signOut(): Promise<void>;
  acceptPastedToken(input: string): string | null;
}

const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs <AuthProvider>');
  return value;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const tokenUser = (claims: JwtClaims): SessionUser => ({
  sub: claims.sub ?? claims.client_id ?? claims.azp ?? 'token-user',
  name: displayNameOf(claims),
  ...(claims.email ? { email: claims.email } : {}),
  ...(claims.exp ? { expiresAt: claims.exp } : {}),
});
const returnPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

async function startOidc(manager: UserManager, renewal: SessionRenewal): Promise<void> {
  const { signedIn, signedOut } = useSessionStore.getState();
  if (window.location.pathname === callbackPath) {
    const providerError = new URLSearchParams(window.location.search).get('error_description');
    try {
      const user = await manager.signinRedirectCallback();
      // Strip code and state from the address bar and history before anything else renders.
      window.history.replaceState(null, '', safeReturnPath(user.state));
      signedIn('oidc', toSessionUser(user));
    } catch (error) {
      window.history.replaceState(null, '', '/');
      signedOut(
        `Sign-in did not complete: ${providerError ?? (error instanceof Error ? error.message : 'unknown error')}`,
      );
    }
    return;
  }
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
export function createAuth(
  config: RuntimeConfig,
): AuthApi & { manager: UserManager | null; renewal: SessionRenewal | null } {
  const oidc = config.auth.oidc;
  const manager = oidc ? createUserManager(oidc, window.location.origin) : null;
  const renewal = manager
    ? createSessionRenewal({
        renewHere: () => manager.signinSilent(),
        onExpired: () => useSessionStore.getState().sessionExpired(),
        share: createCrossTabRenewal({
          // Both are missing outside secure contexts (plain http on a non-local host): then each tab renews alone.
          locks: (navigator as { locks?: LockManager }).locks,
          channel:
            typeof BroadcastChannel === 'function' ? new BroadcastChannel('assistant-console.session') : undefined,
          currentUser: () => manager.getUser(),
          adopt: async (user) => {
            await manager.storeUser(user);
            await manager.events.load(user);
          },
        }),
      })
    : null;
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
      pastedTokenStore.clear();
      // Without OIDC, signing in again means pasting a new token: back to the sign-in page, draft kept.
      if (!manager) return useSessionStore.getState().signedOut('Paste a new access token to go on.');
      await manager.signinRedirect({ state: { returnTo: returnPath() } });
    },
    async signOut() {
      const { signedOut } = useSessionStore.getState();
      if (pastedTokenStore.read()) {
        pastedTokenStore.clear();
        return signedOut();
      }
      if (!manager) return signedOut();
      renewal?.stop();
      const user = await manager.getUser();
      // Removed first: oidc-client-ts would otherwise put the stored ID token into the logout URL.
      await manager.removeUser();
      signedOut();
      if (user) await signOutAtProvider(manager).catch(() => undefined);
    },
    acceptPastedToken(input) {
      const check = checkPastedToken(input, nowSeconds());
      if (!check.ok) return check.message;
      pastedTokenStore.write({ token: check.token, claims: check.claims });
      useSessionStore.getState().signedIn('token', tokenUser(check.claims));
      return null;
    },
  };
}

/** Restores or completes the session on start and keeps the session store in step with the OIDC user. */
export function AuthProvider({ auth, children }: { auth: ReturnType<typeof createAuth>; children: ReactNode }) {
  const { manager, renewal } = auth;
  useEffect(() => {
    const { signedIn, signedOut } = useSessionStore.getState();
    const pasted = pastedTokenStore.read();
    if (pasted && window.location.pathname !== callbackPath) {
      const check = checkPastedToken(pasted.token, nowSeconds());
      if (check.ok) signedIn('token', tokenUser(check.claims));
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
  }, [manager, renewal]);

  return (
    <AuthContext.Provider value={auth}>
      <SessionExpiredNotice onSignIn={auth.signIn} />
      {children}
    </AuthContext.Provider>
  );
}
