// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fixedKey } from '@/lib/storage/storage-registry';
import { onSignOutMarked } from './sign-out-marker';

describe('a sign-out marked in another tab', () => {
  it('is heard when the marker is written, not when it is removed or another key changes, until stopped', () => {
    const heard = vi.fn();
    const stop = onSignOutMarked(window, heard);
    const key = fixedKey('signedOut');
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: '{"at":1,"providerFinished":false}' }));
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: 'x' }));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: '{}' }));
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
