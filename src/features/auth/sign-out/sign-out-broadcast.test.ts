import { afterEach, describe, expect, it } from 'vitest';
import { announceSignOut, listenForSignOut, signedOutMessage } from './sign-out-broadcast';

const open: BroadcastChannel[] = [];
const channel = () => {
  const made = new BroadcastChannel('assistant-console.session.test');
  open.push(made);
  return made;
};
afterEach(() => open.splice(0).forEach((made) => made.close()));

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('sign-out across tabs', () => {
  it('tells the other tabs of the sign-in whose session ended, and ignores the renewals shared on the same channel', async () => {
    const here = channel();
    const there = channel();
    const heard: string[] = [];
    listenForSignOut(
      there,
      async () => 'refresh-1',
      (sub) => heard.push(sub),
    );
    here.postMessage({ type: 'renewed', grant: 'g', sealed: { iv: '', data: '' } });
    announceSignOut(here, await signedOutMessage('u-ada', 'refresh-1'));
    await expect.poll(() => heard).toEqual(['u-ada']);
  });

  it('ignores a sign-out that does not prove the sign-in: forged, made under another secret, or from a tab without one', async () => {
    const forger = channel();
    const there = channel();
    const heard: string[] = [];
    listenForSignOut(
      there,
      async () => 'refresh-1',
      (sub) => heard.push(sub),
    );
    forger.postMessage({ type: 'signed-out', sub: 'u-ada' });
    forger.postMessage({ type: 'signed-out', sub: 'u-ada', proof: 'AAAA' });
    announceSignOut(forger, await signedOutMessage('u-ada', 'another-grant'));
    announceSignOut(forger, await signedOutMessage('u-ada', null));
    // A proof made for one person does not stand for another.
    const made = await signedOutMessage('u-bob', 'refresh-1');
    forger.postMessage({ ...made, sub: 'u-ada' });
    await settle();
    expect(heard).toEqual([]);
  });

  it('a tab without a secret of its own (signed out, pasted nothing) is told nothing', async () => {
    const here = channel();
    const there = channel();
    const heard: string[] = [];
    listenForSignOut(
      there,
      async () => null,
      (sub) => heard.push(sub),
    );
    announceSignOut(here, await signedOutMessage('u-ada', 'refresh-1'));
    await settle();
    expect(heard).toEqual([]);
  });
});
