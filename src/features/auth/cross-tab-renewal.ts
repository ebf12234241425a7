import { User } from 'oidc-client-ts';
import { isSealed, seal, unseal, type Sealed } from '@/lib/grant-seal';

/**
 * Tabs opened by duplicating this one hold a copy of its session (sessionStorage is copied), so they share one
 * refresh token. Providers rotate refresh tokens, and the reuse of a rotated one makes them revoke the whole
 * grant: two tabs renewing the same grant would sign both out. So a renewal is done under a Web Lock named
 * after the grant, and its result is handed over a BroadcastChannel to the other tabs of that grant, which
 * take it instead of renewing themselves. Tabs signed in separately have their own grants and never wait on
 * each other. Any page of the console's origin can listen on that channel: the renewed token set goes sealed
 * (AES-GCM) under a key derived from the refresh token it replaces, which only the tabs of that grant hold
 * (lib/grant-seal.ts), so a listener that is not one of them reads no token.
 */
export interface CrossTabDeps {
  locks: LockManager | undefined;
  channel: BroadcastChannel | undefined;
  /** The token set stored in this tab. */
  currentUser(): Promise<User | null>;
  /** Stores another tab's renewed token set here and tells this tab's listeners (session, next renewal). */
  adopt(user: User): Promise<void>;
  /** How long a tab that waited for the lock waits for the holder's tokens before renewing itself. */
  graceMs?: number;
}

const lockPrefix = 'assistant-console.renewal.';

interface RenewedMessage {
  type: 'renewed';
  grant: string;
  /** The renewed token set (User.toStorageString), sealed under the refresh token it replaces. */
  sealed: Sealed;
}

const isRenewedMessage = (value: unknown): value is RenewedMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as RenewedMessage).type === 'renewed' &&
  typeof (value as RenewedMessage).grant === 'string' &&
  isSealed((value as RenewedMessage).sealed);

const sealPurpose = (grant: string) => `renewal:${grant}`;

/** A name for the grant behind a refresh token that does not reveal the token (null without WebCrypto). */
export async function grantKey(refreshToken: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(refreshToken)));
  return Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const pause = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

export function createCrossTabRenewal({ locks, channel, currentUser, adopt, graceMs = 1_000 }: CrossTabDeps) {
  const announced = new Map<string, (user: User) => void>();

  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    // Adopting another tab's renewal may fail (storage): this tab then keeps its own tokens and renews them itself.
    void (async () => {
      if (!isRenewedMessage(event.data)) return;
      const mine = await currentUser();
      if (!mine?.refresh_token || (await grantKey(mine.refresh_token)) !== event.data.grant) return;
      const opened = await unseal(mine.refresh_token, sealPurpose(event.data.grant), event.data.sealed);
      if (opened === null) return;
      const renewed = User.fromStorageString(opened);
      await adopt(renewed);
      announced.get(event.data.grant)?.(renewed);
    })();
  });

  /** Runs `renewHere` for this grant unless another tab of it is doing (or has just done) the same. */
  return async function share(renewHere: () => Promise<User | null>): Promise<User | null> {
    const before = await currentUser();
    const grant = before?.refresh_token ? await grantKey(before.refresh_token) : null;
    if (!locks || !grant || !before) return renewHere();
    const handedOver = new Promise<User>((resolve) => announced.set(grant, resolve));

    const underLock = async (waited: boolean): Promise<User | null> => {
      // Another tab renewed while this one waited: its tokens (adopted from its message) are this tab's now.
      const now = await currentUser();
      if (now && now.refresh_token !== before.refresh_token) return now;
      if (waited) {
        const adopted = await Promise.race([handedOver, pause(graceMs)]);
        if (adopted) return adopted;
      }
      const renewed = await renewHere();
      const sealed =
        renewed && before.refresh_token
          ? await seal(before.refresh_token, sealPurpose(grant), renewed.toStorageString())
          : null;
      if (sealed) channel?.postMessage({ type: 'renewed', grant, sealed } satisfies RenewedMessage);
      return renewed;
    };

    try {
      const name = `${lockPrefix}${grant}`;
      const first = await locks.request(name, { ifAvailable: true }, async (lock) =>
        lock ? { user: await underLock(false) } : null,
      );
      return first ? first.user : await locks.request(name, () => underLock(true));
    } finally {
      announced.delete(grant);
    }
  };
}
