import { prove, proves } from '@/lib/grant-seal';

// "Clear local data" reaches the person's other tabs of the same sign-in: each drops what it holds in memory (its stores
// are stopped and rebuilt empty) and clears again, so nothing an answer saved while stopping there comes back. The
// channel is the person's: a tab where someone else is signed in hears nothing. Any page of the console's origin can
// post on it, so the message carries a proof (HMAC) under a key derived from the sign-in's own secret, which only its
// tabs hold (lib/grant-seal.ts), and is fresh: a message without a proof, or an old one played again, clears nothing.

const channelName = (owner: string) => `assistant-console.local-data:${encodeURIComponent(owner)}`;
const purpose = (owner: string) => `local-data-cleared:${owner}`;
/** How old a message may be when it arrives (tabs of one browser share a clock). */
const freshForMs = 60_000;
interface ClearedMessage {
  type: 'cleared';
  /** When it was sent, and a random word: what the proof is made for. */
  at: number;
  nonce: string;
  /** The tab that cleared (its store's `tab`: its own new listener, built after the clear, does not take it). */
  from: string;
  proof: string;
}

const isClearedMessage = (value: unknown): value is ClearedMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as ClearedMessage).type === 'cleared' &&
  typeof (value as ClearedMessage).at === 'number' &&
  typeof (value as ClearedMessage).nonce === 'string' &&
  typeof (value as ClearedMessage).from === 'string' &&
  typeof (value as ClearedMessage).proof === 'string';

const provenText = (message: Pick<ClearedMessage, 'at' | 'nonce' | 'from'>) =>
  `${message.at}:${message.nonce}:${message.from}`;

const openChannel = (owner: string) =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName(owner)) : null;

/** The secret of this tab's sign-in (null when it has none: then it neither tells nor hears). */
export type ChannelSecret = () => Promise<string | null>;

/** Tells the person's other tabs of this sign-in that their local data was cleared. */
export async function announceCleared(owner: string, secret: ChannelSecret, from: string): Promise<void> {
  const mine = await secret();
  const at = Date.now();
  const nonce = crypto.randomUUID();
  const proof = mine ? await prove(mine, purpose(owner), provenText({ at, nonce, from })) : null;
  if (!proof) return;
  const channel = openChannel(owner);
  channel?.postMessage({ type: 'cleared', at, nonce, from, proof } satisfies ClearedMessage);
  channel?.close();
}

/** Calls `onCleared` when another tab of this sign-in cleared the person's local data; returns the stop. */
export function listenForCleared(owner: string, secret: ChannelSecret, tab: string, onCleared: () => void): () => void {
  const channel = openChannel(owner);
  if (!channel) return () => undefined;
  const seen = new Set<string>();
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isClearedMessage(message) || message.from === tab) return;
    if (Math.abs(Date.now() - message.at) > freshForMs || seen.has(message.nonce)) return;
    void (async () => {
      const mine = await secret();
      if (!mine || !(await proves(mine, purpose(owner), provenText(message), message.proof))) return;
      if (seen.has(message.nonce)) return;
      seen.add(message.nonce);
      onCleared();
    })();
  });
  return () => channel.close();
}
