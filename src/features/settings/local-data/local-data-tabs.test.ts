import { describe, expect, it } from 'vitest';
import { prove } from '@/lib/grant-seal';
import { announceCleared, listenForCleared } from './local-data-tabs';

/** A tab's name, as its store of Clear local data gives it. */
const newTab = () => crypto.randomUUID();

const settle = () => new Promise((resolve) => setTimeout(resolve, 80));
const channelOf = (owner: string) => new BroadcastChannel(`assistant-console.local-data:${encodeURIComponent(owner)}`);

/** A message as a tab would post it, proven under `secret`. */
async function cleared(secret: string, owner: string, { at = Date.now(), nonce = 'n', from = 'some-tab' } = {}) {
  return {
    type: 'cleared',
    at,
    nonce,
    from,
    proof: await prove(secret, `local-data-cleared:${owner}`, `${at}:${nonce}:${from}`),
  };
}

describe('Clear local data across tabs', () => {
  it('reaches the other tabs of the same sign-in, once, and not the tab that cleared', async () => {
    const [here, there] = [newTab(), newTab()];
    let heardHere = 0;
    let heardThere = 0;
    const stopHere = listenForCleared(
      'u-ada',
      async () => 'refresh-1',
      here,
      () => (heardHere += 1),
    );
    const stopThere = listenForCleared(
      'u-ada',
      async () => 'refresh-1',
      there,
      () => (heardThere += 1),
    );
    await announceCleared('u-ada', async () => 'refresh-1', here);
    await expect.poll(() => heardThere).toBe(1);
    await settle();
    expect([heardHere, heardThere]).toEqual([0, 1]);
    stopHere();
    stopThere();
  });

  it('ignores a message that does not prove the sign-in, a replayed one, and one for another person', async () => {
    let heard = 0;
    const stop = listenForCleared(
      'u-ada',
      async () => 'refresh-1',
      newTab(),
      () => (heard += 1),
    );
    const forger = channelOf('u-ada');
    forger.postMessage('cleared');
    forger.postMessage({ type: 'cleared', at: Date.now(), nonce: 'n1', from: 'x', proof: 'AAAA' });
    // Proven under another sign-in's secret, or under the right one but for another person's channel.
    forger.postMessage(await cleared('refresh-2', 'u-ada', { nonce: 'n2' }));
    forger.postMessage(await cleared('refresh-1', 'u-bob', { nonce: 'n3' }));
    // A proven message from long ago, played again.
    forger.postMessage(await cleared('refresh-1', 'u-ada', { nonce: 'n4', at: Date.now() - 10 * 60_000 }));
    await settle();
    expect(heard).toBe(0);
    // The control: a fresh message proven under this sign-in's secret is heard, and only once when it comes again.
    const proven = await cleared('refresh-1', 'u-ada', { nonce: 'n5' });
    forger.postMessage(proven);
    forger.postMessage(proven);
    await expect.poll(() => heard).toBe(1);
    await settle();
    expect(heard).toBe(1);
    forger.close();
    stop();
  });

  it('a tab without a sign-in secret neither tells nor hears', async () => {
    let heard = 0;
    const stop = listenForCleared(
      'u-ada',
      async () => null,
      newTab(),
      () => (heard += 1),
    );
    await announceCleared('u-ada', async () => 'refresh-1', newTab());
    let heardElsewhere = 0;
    const other = listenForCleared(
      'u-ada',
      async () => 'refresh-1',
      newTab(),
      () => (heardElsewhere += 1),
    );
    await announceCleared('u-ada', async () => null, newTab());
    await settle();
    expect([heard, heardElsewhere]).toEqual([0, 0]);
    stop();
    other();
  });
});
