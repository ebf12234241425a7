import { describe, expect, it } from 'vitest';
import { checkPastedToken, displayNameOf } from './jwt-claims';

const encode = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: object) => `${encode({ alg: 'RS256' })}.${encode(claims)}.c2ln`;

describe('checkPastedToken', () => {
  it('accepts a JWT and strips a Bearer prefix', () => {
    const token = jwt({ sub: 'u1', exp: 2000, preferred_username: 'svc' });
    const result = checkPastedToken(`Bearer ${token}\n`, 1000);
    expect(result).toEqual({ ok: true, token, claims: { sub: 'u1', exp: 2000, preferred_username: 'svc' } });
  });

  it('says when a token has expired', () => {
    const result = checkPastedToken(jwt({ exp: 1000 }), 1000);
    expect(!result.ok && result.message).toMatch(/^This token expired at /);
  });

  it('counts the parts of something that is not a JWT', () => {
    expect(checkPastedToken('abc.def', 0)).toEqual({
      ok: false,
      message: 'This is not a JWT: it has 2 parts separated by dots, a JWT has 3.',
    });
  });

  it('rejects a payload that is not JSON', () => {
    const result = checkPastedToken('a.%%%.c', 0);
    expect(!result.ok && result.message).toContain('not base64url-encoded JSON');
  });

  it('asks for a token when empty and refuses inner spaces', () => {
    expect(checkPastedToken('  ', 0)).toEqual({ ok: false, message: 'Paste an access token.' });
    expect(checkPastedToken('a. b.c', 0).ok).toBe(false);
  });

  it('picks the most human name available', () => {
    expect(displayNameOf({ sub: 'x', preferred_username: 'ada' })).toBe('ada');
    expect(displayNameOf({ client_id: 'service-account' })).toBe('service-account');
  });
});
