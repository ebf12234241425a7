import type { TokenOwnerAnswer } from '@/api/client/token-owner';
import { displayNameOf } from '@/features/auth/jwt-claims';
import { pastedTokenStore, type PastedToken } from './pasted-token-store';
import { useSessionStore } from '@/features/auth/session-store';
import { ownerVerdict } from './token-owner-verdict';
import { failureMessage } from '@/domain/errors/describe-failure';

export interface PastedTokenSessionDeps {
  /** The API base the token is checked against (the one the console calls). */
  apiBase: string;
  fetchImpl?: typeof fetch;
}

/**
 * A pasted token opens nothing until the API has accepted it and named its owner: until then the session is
 * "checking" and no screen that reads local data is mounted. On a refusal the token is forgotten and the sign-in
 * page says why; when the API cannot be reached the token is kept (a reload or Retry asks again).
 */
export function createPastedTokenSession({ apiBase, fetchImpl }: PastedTokenSessionDeps) {
  // Each check and each sign-out takes a new number: an answer to an older check is not taken.
  let generation = 0;
  let inFlight: { token: string; done: Promise<void> } | null = null;

  async function ask(token: string): Promise<TokenOwnerAnswer> {
    try {
      // The API client (and the stream reader it starts) loads only when a token is pasted: the sign-in page stays small.
      const { askTokenOwner } = await import('@/api/client/token-owner');
      return await askTokenOwner({ baseUrl: apiBase, token, ...(fetchImpl ? { fetchImpl } : {}) });
    } catch (error) {
      return { kind: 'unreachable', message: failureMessage(error) };
    }
  }

  function verify(pasted: PastedToken): Promise<void> {
    // StrictMode starts the effect twice: the same token is checked once.
    if (inFlight?.token === pasted.token) return inFlight.done;
    const mine = (generation += 1);
    const claimedName = displayNameOf(pasted.claims);
    useSessionStore.getState().checking(claimedName);
    const done = ask(pasted.token)
      .then((answer) => {
        if (mine !== generation) return;
        const verdict = ownerVerdict(pasted.claims, answer);
        const session = useSessionStore.getState();
        if (verdict.kind === 'verified') return session.signedIn('token', verdict.user);
        if (verdict.kind === 'retry') return session.checking(claimedName, verdict.message);
        pastedTokenStore.clear();
        session.signedOut(verdict.message);
      })
      .finally(() => {
        if (inFlight?.done === done) inFlight = null;
      });
    inFlight = { token: pasted.token, done };
    return done;
  }

  return {
    verify,
    /** Asks the API again about the token kept in this tab (after the network failed). */
    retry(): Promise<void> {
      const pasted = pastedTokenStore.read();
      if (pasted) return verify(pasted);
      useSessionStore.getState().signedOut();
      return Promise.resolve();
    },
    /** Forgets the token; an answer still on its way is not taken. */
    forget(): void {
      generation += 1;
      inFlight = null;
      pastedTokenStore.clear();
    },
  };
}
