// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { mayRestoreSession } from './stored-session';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('mayRestoreSession', () => {
  it('is false in a fresh tab', () => {
    sessionStorage.setItem('assistant-console.something-else', '1');
    expect(mayRestoreSession()).toBe(false);
  });

  it('is true with a stored OIDC user, a pasted token, or a sign-in code coming back', () => {
    sessionStorage.setItem('oidc.user:http://idp.test/realms/x:console', '{}');
    expect(mayRestoreSession()).toBe(true);
    sessionStorage.clear();
    sessionStorage.setItem('assistant-console.pasted-token', JSON.stringify({ token: 't', claims: {} }));
    expect(mayRestoreSession()).toBe(true);
    sessionStorage.clear();
    window.history.replaceState(null, '', '/auth/callback?code=abc&state=def');
    expect(mayRestoreSession()).toBe(true);
  });
});
