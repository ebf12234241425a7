// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { isAway, whenBack } from './when-back';

let hidden = false;
let online = true;
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  hidden = false;
  online = true;
});

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('whenBack', () => {
  it('resolves at once when the page is in view and online', async () => {
    expect(isAway()).toBe(false);
    expect(await settled(whenBack())).toBe(true);
  });

  it('waits while the tab is hidden or the browser offline, and resolves once both are back', async () => {
    hidden = true;
    online = false;
    expect(isAway()).toBe(true);
    const back = whenBack();
    expect(await settled(back)).toBe(false);
    online = true;
    window.dispatchEvent(new Event('online'));
    // Still hidden: not back yet.
    expect(await settled(back)).toBe(false);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(back)).toBe(true);
  });
});
