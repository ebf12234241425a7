import type { JwtClaims } from '@/features/auth/jwt-claims';
import { fixedKey } from '@/lib/storage/storage-registry';
import { webStorage } from '@/lib/storage/web-storage';

// The pasted token lives in sessionStorage only: it survives a reload of this tab, not the tab itself.
const key = fixedKey('pastedToken');

export interface PastedToken {
  token: string;
  claims: JwtClaims;
}

export const pastedTokenStore = {
  read(): PastedToken | null {
    try {
      const raw = webStorage().session.get(key);
      return raw ? (JSON.parse(raw) as PastedToken) : null;
    } catch {
      return null;
    }
  },
  write(value: PastedToken): void {
    webStorage().session.set(key, JSON.stringify(value), { what: 'the pasted access token' });
  },
  clear(): void {
    webStorage().session.remove(key);
  },
};
