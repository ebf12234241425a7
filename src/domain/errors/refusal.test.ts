import { describe, expect, it } from 'vitest';
import { refusalOf } from './refusal';

describe('in-band refusals: an execution_error that names a limit', () => {
  it('recognises budget, token-limit and rate-limit codes by their words, whatever their spelling', () => {
    for (const code of ['budget_exceeded', 'BudgetExceededError', 'user_budget_exceeded', 'quota_exceeded'])
      expect(refusalOf(code)?.kind).toBe('budget');
    for (const code of ['token_limit_exceeded', 'context_length_exceeded', 'max_tokens', 'TokenLimitExceeded'])
      expect(refusalOf(code)?.kind).toBe('token-limit');
    for (const code of ['rate_limit_exceeded', 'RateLimitError', 'too_many_requests'])
      expect(refusalOf(code)?.kind).toBe('rate-limit');
  });

  it('says what happened and what to do, in plain words, and keeps the server’s code', () => {
    const budget = refusalOf('budget_exceeded');
    expect(budget).toMatchObject({ code: 'budget_exceeded', status: 'Refused — budget used up' });
    expect(budget?.title).toMatch(/budget .* is used up/);
    expect(budget?.advice).toMatch(/Ask an admin to raise the budget, or try again after it resets/);
    expect(refusalOf('token_limit_exceeded')?.advice).toMatch(/Start a new chat/);
    expect(refusalOf('rate_limit_exceeded')?.advice).toMatch(/Wait a minute/);
  });

  it('leaves other failures alone: they stay "completed with errors"', () => {
    for (const code of ['guardrails', 'stacktrace', 'agent_internal_error', '', undefined, null])
      expect(refusalOf(code)).toBeNull();
  });
});
