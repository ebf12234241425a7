import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { describeError } from './describe-error';

const redirectedTo = (url: string) =>
  new ApiError({ kind: 'not-api', status: 200, contentType: 'text/html', url, redirected: true });

describe('an API call redirected to a web page', () => {
  it('to a sign-in page says so and offers to sign in again, instead of "not the API"', () => {
    for (const url of [
      'http://localhost:8080/code-assistant-api/oauth2/sign_in?rd=%2Fv1',
      'https://sso.example.com/login?next=/api',
      'https://idp.example.com/auth/realms/x/protocol/openid-connect/auth?client_id=y',
      'https://portal.example.com/saml2/SSO',
    ]) {
      const description = describeError(redirectedTo(url), 'assistant');
      expect(description.title).toBe('The API sent this request to a sign-in page');
      expect(description.explanation).toContain(url.split('?')[0]);
      expect(description.action).toBe('sign-in');
    }
  });

  it('to any other page stays "this address does not look like the API"', () => {
    expect(describeError(redirectedTo('https://www.example.com/home'), 'catalog').title).toBe(
      'This address does not look like the API: https://www.example.com/home',
    );
    // Words inside other words are not sign-in pages.
    expect(describeError(redirectedTo('https://example.com/authors/list'), 'catalog').title).toMatch(
      /^This address does not look like the API/,
    );
  });
});
