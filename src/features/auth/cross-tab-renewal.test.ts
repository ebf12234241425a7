import { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { seal } from '@/lib/grant-seal';
import { createCrossTabRenewal, grantKey } from './cross-tab-renewal';

/** Web Locks as browsers implement them (exclusive, FIFO per name, ifAvailable), shared by the "tabs" of a test. */
function fakeLocks(): LockManager {
  const queues = new Map<string, Promise<unknown>>();
  const held = new Set<string>();
  const request = (name: string, ...args: unknown[]): Promise<unknown> => {
    const callback = args.at(-1) as (lock: Lock | null) => Promise<unknown>;
    const options = (args.length === 2 ? args[0] : {}) as LockOptions;
    if (options.ifAvailable && held.has(name)) return Promise.resolve(callback(null));
    const previous = queues.get(name) ?? Promise.resolve();
    const run = previous.then(async () => {
      held.add(name);
      try {
        return await callback({ name, mode: 'exclusive' });
      } finally {
        held.delete(name);
      }
    });
    queues.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
  return { request, query: async () => ({ held: [], pending: [] }) } as unknown as LockManager;
}

const channels: BroadcastChannel[] = [];
afterEach(() => channels.splice(0).forEach((channel) => channel.close()));

const tokenSet = (refresh: string, access: string) =>
  new User({
    access_token: access,
    token_type: 'Bearer',
    refresh_token: refresh,
    expires_at: 2_000_000_000,
    profile: { sub: 'ada', iss: 'x', aud: 'x', exp: 2_000_000_000, iat: 1 },
  });

/** A provider that rotates refresh tokens and, like real ones, revokes the grant when a used one comes back. */
function rotatingProvider(name = 'refresh') {
  const used = new Set<string>();
  let grants = 0;
  let revoked = false;
  return {
    refresh: async (token: string): Promise<User> => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (used.has(token)) revoked = true;
      if (revoked) throw new Error('invalid_grant');
      used.add(token);
      grants += 1;
      return tokenSet(`${name}-${grants + 1}`, `access-${grants + 1}`);
    },
    grants: () => grants,
    revoked: () => revoked,
  };
}

/** One browser tab: its own sessionStorage copy of the session, the shared locks and a channel of its own. */
function tab(locks: LockManager, provider: ReturnType<typeof rotatingProvider>, stored: User) {
  let user: User | null = stored;
  const channel = new BroadcastChannel('assistant-console.session.test');
  channels.push(channel);
  const share = createCrossTabRenewal({
    locks,
    channel,
    currentUser: async () => user,
    adopt: async (renewed) => {
      user = renewed;
    },
  });
  const renewHere = async () => {
    const renewed = await provider.refresh(user?.refresh_token ?? '');
    user = renewed;
    return renewed;
  };
  return { renew: () => share(renewHere), user: () => user };
}

describe('createCrossTabRenewal', () => {
  it('two tabs of one grant renewing at once make one refresh grant and end with the same tokens', async () => {
    const locks = fakeLocks();
    const provider = rotatingProvider();
    const first = tab(locks, provider, tokenSet('refresh-1', 'access-1'));
    const second = tab(locks, provider, tokenSet('refresh-1', 'access-1'));
    const [a, b] = await Promise.all([first.renew(), second.renew()]);
    expect(provider.grants()).toBe(1);
    expect(provider.revoked()).toBe(false);
    expect(a?.access_token).toBe('access-2');
    expect(b?.access_token).toBe('access-2');
    expect(second.user()?.refresh_token).toBe('refresh-2');
  });

  it('a tab that did not ask adopts the renewed tokens of its grant', async () => {
    const locks = fakeLocks();
    const provider = rotatingProvider();
    const first = tab(locks, provider, tokenSet('refresh-1', 'access-1'));
    const idle = tab(locks, provider, tokenSet('refresh-1', 'access-1'));
    await first.renew();
    await expect.poll(() => idle.user()?.access_token).toBe('access-2');
    // Its next renewal uses the rotated refresh token: the grant survives.
    await idle.renew();
    expect(provider.revoked()).toBe(false);
    expect(provider.grants()).toBe(2);
  });

  it('tabs signed in separately (other grants) neither wait for nor adopt each other', async () => {
    const locks = fakeLocks();
    const mine = rotatingProvider('mine');
    const theirs = rotatingProvider('theirs');
    const a = tab(locks, mine, tokenSet('mine-1', 'mine-access'));
    const b = tab(locks, theirs, tokenSet('theirs-1', 'theirs-access'));
    await Promise.all([a.renew(), b.renew()]);
    expect(mine.grants()).toBe(1);
    expect(theirs.grants()).toBe(1);
    expect(a.user()?.refresh_token).toBe('mine-2');
    expect(b.user()?.refresh_token).toBe('theirs-2');
  });

  it('a page listening on the channel without the grant reads no token of a renewal', async () => {
    const locks = fakeLocks();
    const provider = rotatingProvider();
    const first = tab(locks, provider, tokenSet('refresh-1', 'access-1'));
    const idle = tab(locks, provider, tokenSet('refresh-1', 'access-1'));
    const listener = new BroadcastChannel('assistant-console.session.test');
    channels.push(listener);
    const heard: string[] = [];
    listener.addEventListener('message', (event: MessageEvent<unknown>) => heard.push(JSON.stringify(event.data)));
    await first.renew();
    await expect.poll(() => idle.user()?.access_token).toBe('access-2');
    expect(heard).toHaveLength(1);
    for (const word of ['access-2', 'refresh-2', 'access_token', 'refresh_token', 'ada'])
      expect(heard[0]).not.toContain(word);
  });

  it('a tab adopts no token set from a message it cannot open, even one naming its grant', async () => {
    const victim = tab(fakeLocks(), rotatingProvider(), tokenSet('refresh-1', 'access-1'));
    const forger = new BroadcastChannel('assistant-console.session.test');
    channels.push(forger);
    const grant = (await grantKey('refresh-1')) ?? '';
    const planted = tokenSet('attacker-refresh', 'attacker-access').toStorageString();
    // Without the refresh token a forger seals under what it can know (the grant's public name), or sends it in clear.
    forger.postMessage({ type: 'renewed', grant, sealed: await seal(grant, `renewal:${grant}`, planted) });
    forger.postMessage({ type: 'renewed', grant, user: planted });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(victim.user()?.access_token).toBe('access-1');
    // The control: sealed under the grant's secret, the same set is taken.
    forger.postMessage({ type: 'renewed', grant, sealed: await seal('refresh-1', `renewal:${grant}`, planted) });
    await expect.poll(() => victim.user()?.access_token).toBe('attacker-access');
  });

  it('names a grant by a hash, never by the token', async () => {
    const key = await grantKey('secret-refresh-token');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toContain('secret');
  });
});
