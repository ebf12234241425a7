// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttledStorage } from './throttled-storage';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('throttledStorage', () => {
  it('writes the latest value once per interval and reads what is pending', () => {
    vi.useFakeTimers();
    const storage = throttledStorage(() => sessionStorage, 1000);
    storage.setItem('k', 'one');
    storage.setItem('k', 'two');
    expect(sessionStorage.getItem('k')).toBeNull();
    expect(storage.getItem('k')).toBe('two');
    vi.advanceTimersByTime(1000);
    expect(sessionStorage.getItem('k')).toBe('two');
  });

  it('writes at once when the page is left', () => {
    const storage = throttledStorage(() => sessionStorage, 60_000);
    storage.setItem('k', 'draft');
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem('k')).toBe('draft');
  });

  it('survives a full storage quota', () => {
    vi.useFakeTimers();
    const full = { setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, getItem: () => null, removeItem: () => undefined } as unknown as Storage;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = throttledStorage(() => full, 10);
    storage.setItem('k', 'big');
    expect(() => vi.advanceTimersByTime(10)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
  });
});
