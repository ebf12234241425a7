import { webStorage } from '@/lib/storage/web-storage';
import { pastedTokenStore } from './pasted-token/pasted-token-store';

/**
 * Whether this tab holds a session to restore (an OIDC user, a pasted token) or is coming back from the
 * identity provider: read before anything loads, so the console's screens can be fetched at once.
 */
export function mayRestoreSession(): boolean {
  try {
    if (new URLSearchParams(window.location.search).has('code') || pastedTokenStore.read()) return true;
    if (
      webStorage()
        .session.keys()
        .some((key) => key.startsWith('oidc.user:'))
    )
      return true;
  } catch {
    // storage refused (privacy settings): nothing to restore
  }
  return false;
}
