// Slows password guessing: after too many failed sign-ins for one username, or from one client address,
// within a sliding window, both the login form and the password grant refuse further attempts (429 with
// Retry-After) until the oldest failure leaves the window. Failures of both paths count together, so an
// attacker gains nothing by switching between them. In memory, like the rest of the local platform.

export interface SignInLimits {
  /** Failed attempts allowed per username within the window. */
  perUsername: number;
  /** Failed attempts allowed per client address within the window (many usernames from one place). */
  perAddress: number;
  windowMs: number;
}

export const defaultSignInLimits: SignInLimits = { perUsername: 5, perAddress: 20, windowMs: 60_000 };

/** Who is trying: the username as typed (case-insensitive) and the socket's address. */
export interface SignInAttempt {
  username: string;
  address: string;
}

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: SignInLimits = defaultSignInLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before this attempt may be checked at all; 0 when it may go ahead. */
  retryAfterSeconds(attempt: SignInAttempt): number {
    const waits = this.keys(attempt).map(([key, limit]) => {
      const recent = this.recent(key);
      if (recent.length < limit) return 0;
      // The attempt is allowed again once enough failures have aged out to drop below the limit.
      const freeing = recent[recent.length - limit] ?? this.now();
      return freeing + this.limits.windowMs - this.now();
    });
    return Math.ceil(Math.max(0, ...waits) / 1000);
  }

  recordFailure(attempt: SignInAttempt): void {
    for (const [key] of this.keys(attempt)) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  /** A successful sign-in clears that username's failures (the address keeps its count: it may be guessing many). */
  recordSuccess(attempt: SignInAttempt): void {
    this.failures.delete(this.usernameKey(attempt));
  }

  private keys(attempt: SignInAttempt): Array<[string, number]> {
    return [
      [this.usernameKey(attempt), this.limits.perUsername],
      [`address:${attempt.address}`, this.limits.perAddress],
    ];
  }

  private usernameKey(attempt: SignInAttempt): string {
    return `username:${attempt.username.trim().toLowerCase()}`;
  }

  /** Failures still inside the window, oldest first; forgets the rest so the map does not grow forever. */
  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }
}

export const tooManyAttemptsMessage = (seconds: number): string =>
  `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
