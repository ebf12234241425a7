import { describe, expect, it } from 'vitest';
import { startedBySomeoneElse } from './execution-owner';

describe('who started an execution', () => {
  it('is someone else only when the server names another user id', () => {
    expect(startedBySomeoneElse({ user_id: 'bob', name: 'Bob' }, 'ana')).toBe(true);
    expect(startedBySomeoneElse({ user_id: 'ana', name: 'Ana' }, 'ana')).toBe(false);
    // Nobody named (older servers, the local platform): the caller's own list.
    expect(startedBySomeoneElse(undefined, 'ana')).toBe(false);
    expect(startedBySomeoneElse(null, 'ana')).toBe(false);
    expect(startedBySomeoneElse({ name: 'Bob' }, 'ana')).toBe(false);
    expect(startedBySomeoneElse({ user_id: '' }, 'ana')).toBe(false);
    expect(startedBySomeoneElse('bob', 'ana')).toBe(false);
  });
});
