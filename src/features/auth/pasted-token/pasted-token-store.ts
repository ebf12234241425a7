import { z } from 'zod';
import { jwtClaimsSchema } from '@/features/auth/jwt-claims';
import { fixedKey } from '@/lib/storage/storage-registry';
import { webStorage } from '@/lib/storage/web-storage';

// The pasted token lives in sessionStorage only: it survives a reload of this tab, not the tab itself.
const key = fixedKey('pastedToken');

const pastedTokenSchema = z.object({ token: z.string().min(1), claims: jwtClaimsSchema });
export type PastedToken = z.output<typeof pastedTokenSchema>;

export const pastedTokenStore = {
  read(): PastedToken | null {
    try {
      const raw = webStorage().session.get(key);
      if (!raw) return null;
      // Anything else in that place (damaged, or written by another version) is no pasted token: sign in again.
      const parsed = pastedTokenSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
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
