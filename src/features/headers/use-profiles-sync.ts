import { useEffect } from 'react';
import { startProfilesPersistence } from './profiles-persistence';
import { useProfilesStore } from './profiles-store';

/** Keeps the header profiles of whoever is signed in loaded and saved; forgets them on sign-out. */
export function useProfilesSync(user: { sub: string; email?: string } | null): void {
  const sub = user?.sub;
  const email = user?.email;
  useEffect(() => {
    if (!sub) {
      useProfilesStore.getState().signedOut();
      return;
    }
    return startProfilesPersistence({ sub, ...(email ? { email } : {}) });
  }, [sub, email]);
}
