// "Clear local data" reaches the person's other tabs: each drops what it holds in memory (its stores are stopped and
// rebuilt empty) and clears again, so nothing an answer saved while stopping there comes back. The channel is the
// person's: a tab where someone else is signed in hears nothing.

const channelName = (owner: string) => `assistant-console.local-data:${encodeURIComponent(owner)}`;
const clearedMessage = 'cleared';

const openChannel = (owner: string) =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName(owner)) : null;

/** Tells the person's other tabs their local data was cleared. */
export function announceCleared(owner: string): void {
  const channel = openChannel(owner);
  channel?.postMessage(clearedMessage);
  channel?.close();
}

/** Calls `onCleared` when another tab of the person cleared their local data; returns the stop. */
export function listenForCleared(owner: string, onCleared: () => void): () => void {
  const channel = openChannel(owner);
  if (!channel) return () => undefined;
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.data === clearedMessage) onCleared();
  });
  return () => channel.close();
}
