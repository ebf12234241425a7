/**
 * The steps of signing out, in the order that leaves nobody signed in whatever happens after the first one: a
 * provider that asks "Do you want to log out?" may be left unanswered, the network may fail, a renewal may be in
 * flight. Each step is given by the caller (auth-provider.tsx), so the order itself is tested on its own.
 */
export interface SignOutSteps {
  /** Ends planned renewals and waits for one in flight, so that no renewal can bring the session back. */
  endRenewals(): Promise<void>;
  /** Lets the signed-in console stop what runs and save what it was answering (needs the tokens still). */
  settle(): Promise<void>;
  /** Revokes the refresh token at the provider (RFC 7009): no tab, and no one who copied it, can renew with it. */
  revoke(): Promise<void>;
  /** Removes every token from this tab and gives back the ID token, the hint the provider's logout needs. */
  removeTokens(): Promise<string | undefined>;
  /** The console shows the sign-in page; `problem` says what could not be done at the provider. */
  signedOut(problem?: string): void;
  /** Tells this person's other tabs. */
  announce(): void;
  /** Sends the browser to the provider to end its session (with the hint); rejects when it cannot go. */
  endAtProvider(idTokenHint: string | undefined): Promise<void>;
}

export interface SignOutTimings {
  /** How long answers being saved may hold the sign-out up: past it, signing out goes on. */
  settleMs?: number;
  /** How long a renewal in flight may hold it up (its late result is discarded by the renewal guard). */
  renewalMs?: number;
}

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** Resolves when `work` does or after `ms`, whichever comes first; a failure of `work` is given back as text. */
async function within(work: () => Promise<unknown>, ms: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`still busy after ${Math.round(ms / 1000)} s`), ms);
  });
  try {
    return await Promise.race([work().then(() => null), late]);
  } catch (error) {
    return reasonOf(error);
  } finally {
    clearTimeout(timer);
  }
}

export async function signOutInOrder(
  steps: SignOutSteps,
  { settleMs = 10_000, renewalMs = 5_000 }: SignOutTimings = {},
): Promise<void> {
  await within(steps.endRenewals, renewalMs);
  await within(steps.settle, settleMs);
  const revokeProblem = await within(steps.revoke, 10_000);
  // From here on the console is signed out locally, whatever the provider does or the person does on its page.
  // A storage that fails to forget the tokens does not keep the console signed in: it is said, and signing out goes on.
  let hint: string | undefined;
  let removeProblem: string | null = null;
  try {
    hint = await steps.removeTokens();
  } catch (error) {
    removeProblem = reasonOf(error);
  }
  const revokeNote = revokeProblem
    ? `Signed out of the console, but the identity provider could not be told to revoke the refresh token (${revokeProblem}).`
    : removeProblem
      ? `Signed out of the console, but this browser could not forget its tokens (${removeProblem}): close this tab to be sure.`
      : undefined;
  steps.signedOut(revokeNote);
  steps.announce();
  try {
    await steps.endAtProvider(hint);
  } catch (error) {
    steps.signedOut(
      `${revokeNote ?? 'Signed out of the console.'} The identity provider could not be reached to end its session (${reasonOf(error)}).`,
    );
  }
}
