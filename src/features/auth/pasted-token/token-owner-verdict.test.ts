import { describe, expect, it } from 'vitest';
import { ownerVerdict } from './token-owner-verdict';

const claims = { sub: 'u-ada', name: 'Ada (as the token says)', exp: 2_000_000_000 };

describe('ownerVerdict', () => {
  it('opens the person the API names when the token claims the same one, with the server’s words', () => {
    expect(ownerVerdict(claims, { kind: 'named', userId: 'u-ada', name: 'Ada Analyst', username: 'analyst' })).toEqual({
      kind: 'verified',
      user: { sub: 'u-ada', name: 'Ada Analyst', username: 'analyst', expiresAt: 2_000_000_000 },
    });
  });

  it('opens nothing when the API names someone else than the token claims, and says both', () => {
    const verdict = ownerVerdict(claims, { kind: 'named', userId: 'u-victor', name: 'Victor Viewer' });
    expect(verdict.kind).toBe('refused');
    expect(verdict).toMatchObject({
      message: expect.stringMatching(/belongs to Victor Viewer \(u-victor\), not to u-ada as the token claims/),
    });
  });

  it('takes the API’s person as owner when the token claims no subject', () => {
    expect(ownerVerdict({}, { kind: 'named', userId: 'svc' })).toMatchObject({
      kind: 'verified',
      user: { sub: 'svc', name: 'svc' },
    });
  });

  it('says why a refused token opens nothing, with the status and the server’s message', () => {
    expect(
      ownerVerdict(claims, { kind: 'refused', status: 401, message: 'Access token signature is invalid' }),
    ).toEqual({
      kind: 'refused',
      message: expect.stringContaining(
        'The API refused this token (HTTP 401: Access token signature is invalid). Nothing of anyone’s data',
      ),
    });
    expect(
      ownerVerdict(claims, {
        kind: 'refused',
        status: 401,
        message: 'Authentication failed',
        details: 'Access token expired',
      }),
    ).toMatchObject({ message: expect.stringContaining('(HTTP 401: Authentication failed: Access token expired)') });
    expect(ownerVerdict(claims, { kind: 'refused', status: 403 })).toMatchObject({
      message: expect.stringContaining('(HTTP 403). Nothing'),
    });
    expect(ownerVerdict(claims, { kind: 'unnamed' })).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('did not say whose it is'),
    });
    expect(ownerVerdict(claims, { kind: 'unavailable', status: 404 })).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('GET /v1/user answered 404'),
    });
  });

  it('offers to ask again when the API could not be reached', () => {
    expect(ownerVerdict(claims, { kind: 'unreachable', message: 'Failed to fetch' })).toEqual({
      kind: 'retry',
      message: 'Could not reach the API to check who this token belongs to: Failed to fetch. Nothing was opened yet.',
    });
  });
});
