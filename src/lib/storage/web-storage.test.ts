import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStorage, pageWith } from '@/test/memory-storage';
import { useStorageHealth } from './storage-health';
import { guardedStorage } from './web-storage';

afterEach(() => useStorageHealth.getState().dismissed());

describe('guarded web storage', () => {
  it('reads and writes the browser’s storage when it works, and says nothing', () => {
    const local = new MemoryStorage();
    const storage = guardedStorage('local', pageWith({ local }));
    expect(storage.set('k', 'v', { what: 'a test value' })).toBe(true);
    expect(local.getItem('k')).toBe('v');
    expect(storage.get('k')).toBe('v');
    expect(storage.keys()).toEqual(['k']);
    storage.remove('k');
    expect(local.length).toBe(0);
    expect(useStorageHealth.getState().problem).toBeNull();
  });

  it('keeps working in memory when the browser refuses storage (private window), and says so once', () => {
    const storage = guardedStorage('session', pageWith({ session: 'throws' }));
    expect(storage.get('k')).toBeNull();
    expect(storage.set('k', 'typed', { what: 'the draft' })).toBe(false);
    expect(storage.get('k')).toBe('typed');
    expect(storage.keys()).toEqual(['k']);
    expect(useStorageHealth.getState().problem).toMatchObject({ kind: 'unavailable', count: 1 });
    expect(useStorageHealth.getState().problem?.message).toMatch(/last until this tab closes/);
    storage.remove('k');
    expect(storage.get('k')).toBeNull();
  });

  it('keeps a value the full storage refused in memory, drops its stale copy and reports a full quota', () => {
    const local = new MemoryStorage(30);
    const storage = guardedStorage('local', pageWith({ local }));
    storage.set('draft', 'short', { what: 'the draft' });
    expect(storage.set('draft', 'x'.repeat(40), { what: 'the draft' })).toBe(false);
    expect(storage.get('draft')).toBe('x'.repeat(40));
    // A reload must not bring back the older, shorter text as if it were the latest.
    expect(local.getItem('draft')).toBeNull();
    expect(useStorageHealth.getState().problem).toMatchObject({ kind: 'quota', what: 'the draft' });
  });

  it('keeps a value over its limit on the page only and names the limit', () => {
    const session = new MemoryStorage();
    const storage = guardedStorage('session', pageWith({ session }));
    storage.set('batch', 'small', { what: 'the batch draft', maxChars: 10, limitWords: '10 characters' });
    expect(session.getItem('batch')).toBe('small');
    expect(
      storage.set('batch', 'far too long', { what: 'the batch draft', maxChars: 10, limitWords: '10 characters' }),
    ).toBe(false);
    expect(storage.get('batch')).toBe('far too long');
    expect(session.getItem('batch')).toBeNull();
    expect(useStorageHealth.getState().problem).toMatchObject({
      kind: 'limit',
      message: 'The batch draft is over 10 characters: it stays on this page but is not kept for a reload.',
    });
    // Back under the limit, it is kept again.
    expect(storage.set('batch', 'fits', { what: 'the batch draft', maxChars: 10 })).toBe(true);
    expect(session.getItem('batch')).toBe('fits');
  });
});
