import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, resolveApiBase } from './runtime-config';

const valid = {
  apiBaseUrl: 'http://localhost:8080/code-assistant-api/',
  auth: { oidc: { authority: 'http://localhost:8080/auth/realms/local', clientId: 'assistant-console' } },
};

describe('parseRuntimeConfig', () => {
  it('accepts a minimal config and fills defaults', () => {
    const result = parseRuntimeConfig(valid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.apiBaseUrl).toBe('http://localhost:8080/code-assistant-api');
    expect(result.config.auth.oidc?.scope).toBe('openid profile email offline_access');
    expect(result.config.auth.allowAccessTokenPaste).toBe(true);
    expect(result.config.fallbacks).toEqual({ assistants: [], models: [], workflows: [] });
  });

  it('names a missing field', () => {
    const result = parseRuntimeConfig({ auth: valid.auth });
    expect(result).toEqual({ ok: false, problems: ['apiBaseUrl: is required'] });
  });

  it('names a bad nested field and says what is expected', () => {
    const result = parseRuntimeConfig({ ...valid, auth: { oidc: { authority: 'localhost:8080', clientId: 'x' } } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual(['auth.oidc.authority: must be an absolute http(s) URL, e.g. https://host/path']);
  });

  it('names the index of a bad fallback entry', () => {
    const result = parseRuntimeConfig({ ...valid, fallbacks: { assistants: [{ id: 'a', name: '' }] } });
    expect(!result.ok && result.problems).toEqual(['fallbacks.assistants.0.name: must not be empty']);
  });

  it('refuses a config with no way to sign in', () => {
    const result = parseRuntimeConfig({ apiBaseUrl: '/api', auth: { allowAccessTokenPaste: false } });
    expect(!result.ok && result.problems[0]).toMatch(/^auth: enable auth.oidc/);
  });

  it('refuses something that is not an object', () => {
    expect(parseRuntimeConfig('nope').ok).toBe(false);
  });

  it('resolves a path-only API base on the console origin (same-origin proxy)', () => {
    const result = parseRuntimeConfig({ ...valid, apiBaseUrl: '/code-assistant-api' });
    expect(result.ok && resolveApiBase(result.config, 'https://console.example')).toBe('https://console.example/code-assistant-api');
  });
});
