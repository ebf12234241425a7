/**
 * A sign-out reaches the person's other tabs in this browser (on the channel the renewals share): each of them
 * signs out too, so that no tab stays open on their data on a shared machine.
 */
interface SignedOutMessage {
  type: 'signed-out';
  sub: string;
}

const isSignedOutMessage = (value: unknown): value is SignedOutMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as SignedOutMessage).type === 'signed-out' &&
  typeof (value as SignedOutMessage).sub === 'string';

export function announceSignOut(channel: BroadcastChannel | undefined, sub: string): void {
  channel?.postMessage({ type: 'signed-out', sub } satisfies SignedOutMessage);
}

/** Calls `onSignedOut` with the subject another tab signed out. */
export function listenForSignOut(channel: BroadcastChannel | undefined, onSignedOut: (sub: string) => void): void {
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isSignedOutMessage(event.data)) onSignedOut(event.data.sub);
  });
}
