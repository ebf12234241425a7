import { describe, expect, it } from 'vitest';
import { SignInLimiter } from './sign-in-limiter';

const limits = { perUsername: 3, perAddress: 5, windowMs: 60_000 };

function limiterAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, limiter: new SignInLimiter(limits, () => clock.now) };
}

describe('SignInLimiter', () => {
  it('blocks a username after its limit of failures until the oldest leaves the window', () => {
    const { clock, limiter } = limiterAt();
    const attempt = { username: 'analyst', address: '10.0.0.1' };
    for (let failure = 0; failure < limits.perUsername; failure += 1) {
      if (failure > 0) clock.now += 10_000;
      expect(limiter.retryAfterSeconds(attempt)).toBe(0);
      limiter.recordFailure(attempt);
    }
    // Failures at 0 s, 10 s and 20 s: the attempt at 20 s waits until the first one is 60 s old.
    expect(limiter.retryAfterSeconds(attempt)).toBe(40);
    expect(limiter.retryAfterSeconds({ username: 'ANALYST ', address: '10.0.0.2' })).toBe(40);
    expect(limiter.retryAfterSeconds({ username: 'viewer', address: '10.0.0.1' })).toBe(0);
    clock.now += 39_999;
    expect(limiter.retryAfterSeconds(attempt)).toBe(1);
    clock.now += 1;
    expect(limiter.retryAfterSeconds(attempt)).toBe(0);
  });

  it('blocks an address trying many usernames', () => {
    const { clock, limiter } = limiterAt();
    for (let index = 0; index < 5; index += 1) limiter.recordFailure({ username: `user${index}`, address: '10.0.0.9' });
    expect(limiter.retryAfterSeconds({ username: 'someone-else', address: '10.0.0.9' })).toBe(60);
    expect(limiter.retryAfterSeconds({ username: 'someone-else', address: '10.0.0.8' })).toBe(0);
    clock.now += 60_000;
    expect(limiter.retryAfterSeconds({ username: 'someone-else', address: '10.0.0.9' })).toBe(0);
  });

  it("clears a username's failures when it signs in", () => {
    const { limiter } = limiterAt();
    const attempt = { username: 'analyst', address: '10.0.0.1' };
    limiter.recordFailure(attempt);
    limiter.recordFailure(attempt);
    limiter.recordSuccess(attempt);
    limiter.recordFailure(attempt);
    limiter.recordFailure(attempt);
    expect(limiter.retryAfterSeconds(attempt)).toBe(0);
  });
});
