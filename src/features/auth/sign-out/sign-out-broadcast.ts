import { prove, proves } from '@/lib/grant-seal';

/**
 * A sign-out reaches the person's other tabs of the same sign-in in this browser (on the channel the renewals share):
 * each of them signs out too, so that no tab stays open on their data on a shared machine. Any page of the console's
 * origin can post on that channel, so the message carries a proof (HMAC) under a key derived from the sign-in's own
 * secret, which only its tabs hold (lib/grant-seal.ts): a message without it signs nobody out.
 */
export interface SignedOutMessage {
  type: 'signed-out';
  sub: string;
  proof: string;
}

const purpose = 'signed-out';

const isSignedOutMessage = (value: unknown): value is SignedOutMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as SignedOutMessage).type === 'signed-out' &&
  typeof (value as SignedOutMessage).sub === 'string' &&
  typeof (value as SignedOutMessage).proof === 'string';

/**
 * The message that tells the other tabs of this sign-in that `sub` signed out, made while this tab still holds the
 * sign-in's secret (null without one, or without WebCrypto: then no tab is told).
 */
export async function signedOutMessage(sub: string, secret: string | null): Promise<SignedOutMessage | null> {
  const proof = secret ? await prove(secret, purpose, sub) : null;
  return proof ? { type: 'signed-out', sub, proof } : null;
}

export function announceSignOut(channel: BroadcastChannel | undefined, message: SignedOutMessage | null): void {
  if (message) channel?.postMessage(message);
}

/**
 * Calls `onSignedOut` with the subject another tab of this sign-in signed out; `secret` reads this tab's (a message
 * this tab cannot check is ignored).
 */
export function listenForSignOut(
  channel: BroadcastChannel | undefined,
  secret: () => Promise<string | null>,
  onSignedOut: (sub: string) => void,
): void {
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isSignedOutMessage(message)) return;
    void (async () => {
      const mine = await secret();
      if (mine && (await proves(mine, purpose, message.sub, message.proof))) onSignedOut(message.sub);
    })();
  });
}
