import type { JwtClaims } from '@/lib/jwt';

// The pasted token lives in sessionStorage only: it survives a reload of this tab, not the tab itself.
const key = 'assistant-console.pasted-token';

export interface PastedToken {
  token: string;
  claims: JwtClaims;
}

export const pastedTokenStore = {
  read(): PastedToken | null {
    try {
      const raw = sessionStorage.getItem(key);
      return raw ? (JSON.parse(raw) as PastedToken) : null;
    } catch {
      return null;
    }
  },
  write(value: PastedToken): void {
    sessionStorage.setItem(key, JSON.stringify(value));
  },
  clear(): void {
    sessionStorage.removeItem(key);
  },
};
