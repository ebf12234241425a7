import { describe, expect, it } from 'vitest';
import { newSessionId, sessionIdLimits, sessionIdProblem } from './session-id';

describe('newSessionId', () => {
  it('takes the id from the uuid source given, in the form the server uses', () => {
    expect(newSessionId(() => ' A1000000-0000-4000-8000-00000000000F ')).toBe('a1000000-0000-4000-8000-00000000000f');
  });

  it('gives a new id for each call of a changing source', () => {
    let count = 0;
    const uuid = () => `00000000-0000-4000-8000-${String((count += 1)).padStart(12, '0')}`;
    expect(newSessionId(uuid)).not.toBe(newSessionId(uuid));
  });
});

describe('sessionIdProblem', () => {
  it('accepts ids, including an empty one (not sent)', () => {
    for (const id of ['', 'batch-2026-11-22', 'a'.repeat(sessionIdLimits.length), 'ünïcode_ok.1']) {
      expect(sessionIdProblem(id)).toBeNull();
    }
  });

  it('says where a space is and what to use instead', () => {
    expect(sessionIdProblem('my session')).toBe('A session ID has no spaces (one at position 3); use - or _ instead.');
    expect(sessionIdProblem('a\tb')).toContain('position 2');
  });

  it('gives the length of an over-long id', () => {
    expect(sessionIdProblem('s'.repeat(201))).toBe('The session ID is 201 characters; at most 200.');
  });

  it('refuses a control character that is not a space', () => {
    expect(sessionIdProblem('a\u0000b')).toBe('The session ID has a control character (U+0000).');
  });
});
