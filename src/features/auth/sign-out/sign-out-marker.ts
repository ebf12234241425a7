import { fixedKey } from '@/lib/storage/storage-registry';
import { guardedStorage, type GuardedStorage } from '@/lib/storage/web-storage';

/**
 * That somebody signed out in this browser, and whether the identity provider confirmed its session ended. It names
 * nobody: it is what the next person's sign-in needs to ask for a password (`prompt=login`) even when the provider's
 * "Do you want to log out?" was left unanswered, and what the sign-in page needs to show that last step as unfinished.
 * A successful sign-in removes it.
 */
export interface SignOutMarker {
  /** When the sign-out happened (ms since the epoch). */
  at: number;
  /** The provider sent the browser back from its logout: its session is over. */
  providerFinished: boolean;
}

const key = () => fixedKey('signedOut');
const what = 'that someone signed out in this browser';

const isMarker = (value: unknown): value is SignOutMarker =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SignOutMarker).at === 'number' &&
  typeof (value as SignOutMarker).providerFinished === 'boolean';

export function readSignOutMarker(storage: GuardedStorage = guardedStorage('local')): SignOutMarker | null {
  const text = storage.get(key());
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    // A value this console did not write still says someone signed out: err on the side of asking for a password.
    return isMarker(value) ? value : { at: 0, providerFinished: false };
  } catch {
    return { at: 0, providerFinished: false };
  }
}

/**
 * Calls `onMark` when another tab of this browser marks a sign-out (the `storage` event; the writing tab hears none).
 * Only a hint: any page of the origin can write web storage. Returns the stop.
 */
export function onSignOutMarked(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, onMark: () => void) {
  const listener = (event: StorageEvent) => {
    if (event.key === key() && event.newValue !== null) onMark();
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}

/** Written before the tokens go, so that a sign-out cut short anywhere after still makes the next sign-in ask. */
export function markSignedOut(now: number, storage: GuardedStorage = guardedStorage('local')): void {
  storage.set(key(), JSON.stringify({ at: now, providerFinished: false } satisfies SignOutMarker), { what });
}

export function markProviderFinished(storage: GuardedStorage = guardedStorage('local')): void {
  const marker = readSignOutMarker(storage);
  storage.set(key(), JSON.stringify({ at: marker?.at ?? 0, providerFinished: true } satisfies SignOutMarker), { what });
}

export function clearSignOutMarker(storage: GuardedStorage = guardedStorage('local')): void {
  storage.remove(key());
}
