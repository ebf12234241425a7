import { afterEach, describe, expect, it } from 'vitest';
import { announceSignOut, listenForSignOut } from './sign-out-broadcast';

const open: BroadcastChannel[] = [];
const channel = () => {
  const made = new BroadcastChannel('assistant-console.session.test');
  open.push(made);
  return made;
};
afterEach(() => open.splice(0).forEach((made) => made.close()));

describe('sign-out across tabs', () => {
  it('tells the other tabs whose session ended, and ignores the renewals shared on the same channel', async () => {
    const here = channel();
    const there = channel();
    const heard: string[] = [];
    listenForSignOut(there, (sub) => heard.push(sub));
    here.postMessage({ type: 'renewed', grant: 'g', user: '{}' });
    announceSignOut(here, 'u-ada');
    await expect.poll(() => heard).toEqual(['u-ada']);
  });
});
