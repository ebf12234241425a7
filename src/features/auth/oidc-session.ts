import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { tokenStorage } from '@/lib/storage/token-room';
import type { SessionUser } from './session-store';

export const callbackPath = '/auth/callback';

type OidcSettings = NonNullable<RuntimeConfig['auth']['oidc']>;

/**
 * The console's only oidc-client-ts object. Tokens and PKCE state live in sessionStorage (gone with the tab),
 * never in localStorage; renewal uses the refresh token, so no hidden iframe is needed.
 */
export function createUserManager(settings: OidcSettings, origin: string): UserManager {
  return new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: `${origin}${callbackPath}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: settings.scope,
    // Tokens keep their room: when this tab's storage is full, drafts make way (token-room.ts).
    userStore: new WebStorageStateStore({ store: tokenStorage() }),
    stateStore: new WebStorageStateStore({ store: tokenStorage() }),
    // Renewal before expiry is planned per token lifetime by session-renewal.ts, one renewal for all callers.
    automaticSilentRenew: false,
    loadUserInfo: false,
    ...(settings.resource
      ? { extraQueryParams: { resource: settings.resource }, extraTokenParams: { resource: settings.resource } }
      : {}),
  });
}

export function toSessionUser(user: User): SessionUser {
  const profile = user.profile;
  const name = profile.name ?? profile.preferred_username ?? profile.email ?? profile.sub;
  return {
    sub: profile.sub,
    name,
    ...(profile.email ? { email: profile.email } : {}),
    ...(profile.preferred_username ? { username: profile.preferred_username } : {}),
    ...(user.expires_at ? { expiresAt: user.expires_at } : {}),
  };
}

/** Where to go after the callback: the page the person was on, never another origin. */
export function safeReturnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const returnTo = (state as { returnTo: unknown }).returnTo;
    if (
      typeof returnTo === 'string' &&
      returnTo.startsWith('/') &&
      !returnTo.startsWith('//') &&
      !returnTo.startsWith(callbackPath)
    )
      return returnTo;
  }
  return '/';
}

/**
 * Ends the session at the identity provider with the ID token as `id_token_hint`: providers that ask "Do you want
 * to log out?" (Keycloak does without it) need it to know whose session to end and to trust the way back. The
 * tokens are removed from this tab before (sign-out.ts), so the console is signed out even if the person leaves
 * the provider's page unanswered; the hint is passed here explicitly. extraQueryParams are cleared so that sign-in
 * parameters (resource) stay out of the logout URL.
 */
export function signOutAtProvider(manager: UserManager, idTokenHint: string | undefined): Promise<void> {
  // Without a hint (no ID token kept), oidc-client-ts sends client_id with post_logout_redirect_uri by itself.
  // The state comes back only when the provider sends the browser back, that is when its session really ended.
  return manager.signoutRedirect({
    extraQueryParams: {},
    state: signedOutState,
    ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
  });
}

const signedOutState = 'signed-out';

/**
 * On the way back from the provider's logout (the post-logout address carries the state it was given): true when
 * the state is the one this tab sent, so the provider's session is over. Takes the state out of the address bar.
 */
export async function cameBackFromProviderLogout(manager: UserManager): Promise<boolean> {
  const params = new URLSearchParams(window.location.search);
  if (!params.has('state')) return false;
  params.delete('state');
  const rest = params.toString();
  try {
    const response = await manager.signoutRedirectCallback();
    return response.userState === signedOutState;
  } catch {
    // Another tab's state, or one already used: the provider's word cannot be checked, so the step stays open.
    return false;
  } finally {
    window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  }
}
