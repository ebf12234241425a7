import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { consoleDatabase } from '@/lib/db';
import { usePreferencesSync } from './preferences-persistence';
import { usePreferencesStore, type Preferences } from './preferences-store';

const ready = () => waitFor(() => expect(usePreferencesStore.getState().status).toBe('ready'));

describe('preferences kept per person in the local database', () => {
  it('applies only the stream default a person set, saves each change, and reads it back on the next visit', async () => {
    const applied: Partial<Preferences>[] = [];
    const first = renderHook(() => usePreferencesSync('alice', (preferences) => applied.push(preferences)));
    await ready();
    // Nothing chosen yet: the Stream switch is left as it is; tool outputs start shown.
    expect(applied).toEqual([{ hideToolOutputsByDefault: false }]);

    act(() => usePreferencesStore.getState().changed('streamByDefault', false));
    expect(applied.at(-1)).toEqual({ streamByDefault: false });
    await waitFor(async () =>
      expect((await consoleDatabase().preferences.get(['alice', 'chat.streamByDefault']))?.value).toBe(false),
    );
    first.unmount();

    const again = vi.fn();
    const second = renderHook(() => usePreferencesSync('alice', again));
    await ready();
    expect(again).toHaveBeenCalledWith({ hideToolOutputsByDefault: false, streamByDefault: false });
    expect(usePreferencesStore.getState().streamByDefault).toBe(false);
    second.unmount();

    // Someone else on this browser starts from the defaults.
    const other = vi.fn();
    const third = renderHook(() => usePreferencesSync('bob', other));
    await ready();
    expect(other).toHaveBeenCalledWith({ hideToolOutputsByDefault: false });
    expect(usePreferencesStore.getState().streamByDefault).toBe(true);
    third.unmount();
  });
});
