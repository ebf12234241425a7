import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutInOrder, type SignOutSteps } from './sign-out';

/** Steps that write what they do into one journal, each answering as told. */
function journalled(overrides: Partial<SignOutSteps> = {}) {
  const journal: string[] = [];
  const steps: SignOutSteps = {
    endRenewals: async () => void journal.push('renewals ended'),
    settle: async () => void journal.push('answers saved'),
    revoke: async () => void journal.push('refresh token revoked'),
    removeTokens: async () => {
      journal.push('tokens removed');
      return 'id-token';
    },
    signedOut: (problem) => void journal.push(problem ? `signed out: ${problem}` : 'signed out'),
    announce: () => void journal.push('other tabs told'),
    endAtProvider: async (hint) => void journal.push(`provider logout with hint ${hint ?? 'none'}`),
    ...overrides,
  };
  return { journal, steps };
}

describe('signing out', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops renewals, saves answers, revokes, removes the tokens, then leaves for the provider with the hint', async () => {
    const { journal, steps } = journalled();
    await signOutInOrder(steps);
    expect(journal).toEqual([
      'renewals ended',
      'answers saved',
      'refresh token revoked',
      'tokens removed',
      'signed out',
      'other tabs told',
      'provider logout with hint id-token',
    ]);
  });

  it('waits for answers being saved before any token goes', async () => {
    let saved: () => void = () => undefined;
    const { journal, steps } = journalled({
      settle: () => new Promise<void>((resolve) => (saved = () => (journal.push('answers saved'), resolve()))),
    });
    const done = signOutInOrder(steps);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(journal).toEqual(['renewals ended']);
    saved();
    await done;
    expect(journal.indexOf('answers saved')).toBeLessThan(journal.indexOf('tokens removed'));
  });

  it('does not hang on saves that never end: past the bound it signs out all the same', async () => {
    const { journal, steps } = journalled({ settle: () => new Promise<void>(() => undefined) });
    const done = signOutInOrder(steps, { settleMs: 3_000 });
    await vi.advanceTimersByTimeAsync(3_000);
    await done;
    expect(journal).toContain('tokens removed');
    expect(journal).toContain('signed out');
  });

  it('signs out here even when the provider cannot revoke, and says so', async () => {
    const { journal, steps } = journalled({ revoke: () => Promise.reject(new Error('Failed to fetch')) });
    await signOutInOrder(steps);
    expect(journal).toContain('tokens removed');
    expect(journal).toContain(
      'signed out: Signed out of the console, but the identity provider could not be told to revoke the refresh token (Failed to fetch).',
    );
  });

  it('signs out here and says so when this browser cannot forget the tokens', async () => {
    const { journal, steps } = journalled({ removeTokens: () => Promise.reject(new Error('QuotaExceededError')) });
    await signOutInOrder(steps);
    expect(journal).toContain('other tabs told');
    expect(journal).toContain(
      'signed out: Signed out of the console, but this browser could not forget its tokens (QuotaExceededError): close this tab to be sure.',
    );
  });

  it('stays signed out with a message when the provider’s logout page cannot be reached', async () => {
    const { journal, steps } = journalled({ endAtProvider: () => Promise.reject(new Error('metadata unavailable')) });
    await signOutInOrder(steps);
    expect(journal.at(-1)).toBe(
      'signed out: Signed out of the console. The identity provider could not be reached to end its session (metadata unavailable).',
    );
  });
});
