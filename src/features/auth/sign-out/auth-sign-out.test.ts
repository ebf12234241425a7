// @vitest-environment jsdom
import { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig } from '@/lib/runtime-config-schema';
import { createAuth } from '@/features/auth/auth-provider';
import { useSessionStore } from '@/features/auth/session-store';
import { signedOutMessage } from './sign-out-broadcast';

const parsed = parseRuntimeConfig({
  apiBaseUrl: 'http://api.test/code-assistant-api',
  auth: { oidc: { authority: 'http://idp.test/realms/x', clientId: 'assistant-console' } },
});
if (!parsed.ok) throw new Error('test config is invalid');
const config = parsed.config;

const tokenSet = (n: number) =>
  new User({
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    id_token: `id-${n}`,
    token_type: 'Bearer',
    expires_at: Math.floor(Date.now() / 1000) + 600,
    profile: { sub: 'u-ada', iss: 'http://idp.test/realms/x', aud: 'assistant-console', exp: 0, iat: 0 },
  });

const storedUsers = () => Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.user:'));

/** The console's auth over a provider that is never reached: oidc-client-ts's network calls are stood in for. */
async function signedInAuth() {
  const auth = createAuth(config);
  const manager = auth.manager;
  if (!manager) throw new Error('no manager');
  await manager.storeUser(tokenSet(1));
  useSessionStore.getState().signedIn('oidc', { sub: 'u-ada', name: 'Ada' });
  const journal: string[] = [];
  let renewed: (() => void) | null = null;
  // As oidc-client-ts does: the renewed token set is stored and "loaded" before the call resolves.
  vi.spyOn(manager, 'signinSilent').mockImplementation(
    () =>
      new Promise<User>((resolve) => {
        renewed = () => {
          const user = tokenSet(2);
          void manager.storeUser(user).then(async () => {
            await manager.events.load(user);
            journal.push('renewal stored');
            resolve(user);
          });
        };
      }),
  );
  vi.spyOn(manager, 'revokeTokens').mockImplementation(async (types) => {
    const user = await manager.getUser();
    journal.push(`revoked ${String(types)} ${user?.refresh_token ?? 'nothing'}`);
  });
  vi.spyOn(manager, 'signoutRedirect').mockImplementation(async (args) => {
    journal.push(`provider logout, hint ${args?.id_token_hint ?? 'none'}, ${storedUsers().length} tokens stored`);
  });
  return {
    auth,
    manager,
    journal,
    renew: async () => {
      await vi.waitFor(() => expect(renewed).not.toBeNull());
      renewed?.();
    },
  };
}

beforeEach(() => useSessionStore.setState({ session: { status: 'starting' } }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe('signing out of an OIDC session', () => {
  it('signed out in another tab of the sign-in: this tab leaves (drafts and picks go) before its tokens go', async () => {
    const { auth, journal } = await signedInAuth();
    const stop = auth.whileSignedIn(async () => void journal.push(`left, ${storedUsers().length} tokens stored`));
    const otherTab = new BroadcastChannel('assistant-console.session');
    otherTab.postMessage(await signedOutMessage('u-ada', 'refresh-1'));
    await vi.waitFor(() => expect(useSessionStore.getState().session.status).toBe('signed-out'));
    expect(journal).toEqual(['left, 1 tokens stored', 'revoked refresh_token refresh-1']);
    expect(storedUsers()).toEqual([]);
    otherTab.close();
    stop();
  });

  it('saves answers first, revokes the refresh token, removes the tokens, then ends the provider session with the hint', async () => {
    const { auth, journal } = await signedInAuth();
    await auth.signOut(async () => void journal.push(`answers saved, ${storedUsers().length} tokens stored`));
    expect(journal).toEqual([
      'answers saved, 1 tokens stored',
      'revoked refresh_token refresh-1',
      'provider logout, hint id-1, 0 tokens stored',
    ]);
    expect(useSessionStore.getState().session).toEqual({ status: 'signed-out' });
  });

  it('a renewal in flight is waited for: its new refresh token is the one revoked, and it signs nobody back in', async () => {
    const { auth, journal, renew } = await signedInAuth();
    const inFlight = auth.renewal?.renew();
    const signingOut = auth.signOut();
    await renew();
    expect(await inFlight).toBeNull();
    await signingOut;
    expect(journal).toEqual([
      'renewal stored',
      'revoked refresh_token refresh-2',
      'provider logout, hint id-2, 0 tokens stored',
    ]);
    expect(useSessionStore.getState().session).toEqual({ status: 'signed-out' });
    expect(storedUsers()).toEqual([]);
  });

  it('a renewal that answers only after the tokens are gone is revoked and removed again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { auth, journal, renew } = await signedInAuth();
    const inFlight = auth.renewal?.renew();
    const signingOut = auth.signOut();
    // Sign-out waits for a renewal 5 s at most.
    await vi.advanceTimersByTimeAsync(5_000);
    await signingOut;
    expect(journal).toEqual(['revoked refresh_token refresh-1', 'provider logout, hint id-1, 0 tokens stored']);
    await renew();
    expect(await inFlight).toBeNull();
    expect(journal.slice(2)).toEqual(['renewal stored', 'revoked refresh_token refresh-2']);
    expect(storedUsers()).toEqual([]);
    expect(useSessionStore.getState().session).toEqual({ status: 'signed-out' });
  });
});

function managerOf(auth: ReturnType<typeof createAuth>) {
  if (!auth.manager) throw new Error('no manager');
  return auth.manager;
}

describe('the next sign-in after a sign-out in this browser', () => {
  it('asks for the password, and the sign-in page offers to finish the unconfirmed sign-out at the provider', async () => {
    const { auth, manager } = await signedInAuth();
    const signIn = vi.spyOn(manager, 'signinRedirect').mockResolvedValue(undefined);
    expect(auth.providerSignOutUnfinished()).toBe(false);
    await auth.signOut();
    // On its way to the provider's page: not unanswered yet.
    expect(auth.providerSignOutUnfinished()).toBe(false);

    // The person walks away from the provider's question; whoever comes next opens the console afresh.
    const next = createAuth(config);
    expect(next.providerSignOutUnfinished()).toBe(true);
    const nextSignIn = vi.spyOn(managerOf(next), 'signinRedirect').mockResolvedValue(undefined);
    await next.signIn();
    expect(nextSignIn).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'login' }));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('does not ask for a password when nobody signed out here', async () => {
    const auth = createAuth(config);
    const signIn = vi.spyOn(managerOf(auth), 'signinRedirect').mockResolvedValue(undefined);
    await auth.signIn();
    expect(signIn.mock.calls[0]?.[0]).not.toHaveProperty('prompt');
    expect(auth.providerSignOutUnfinished()).toBe(false);
  });

  it('a provider that could not be reached leaves the last step open in this tab too', async () => {
    const { auth, manager } = await signedInAuth();
    vi.spyOn(manager, 'signoutRedirect').mockRejectedValue(new Error('network down'));
    await auth.signOut();
    expect(auth.providerSignOutUnfinished()).toBe(true);
    const session = useSessionStore.getState().session;
    expect(session.status === 'signed-out' && session.error).toContain('could not be reached');
  });

  it('a pasted-token sign-out leaves no mark: there is no provider session to finish', async () => {
    const auth = createAuth(config);
    useSessionStore.getState().signedIn('token', { sub: 'svc', name: 'Service' });
    await auth.signOut();
    expect(auth.providerSignOutUnfinished()).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
