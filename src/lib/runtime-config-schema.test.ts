import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, resolveApiBase } from './runtime-config-schema';

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
    expect(result.config.streamIdleTimeoutSeconds).toBe(600);
  });

  it('takes a stream idle timeout in whole seconds, and names a bad one', () => {
    const short = parseRuntimeConfig({ ...valid, streamIdleTimeoutSeconds: 5 });
    expect(short.ok && short.config.streamIdleTimeoutSeconds).toBe(5);
    expect(parseRuntimeConfig({ ...valid, streamIdleTimeoutSeconds: '90' })).toEqual({
      ok: false,
      problems: ['streamIdleTimeoutSeconds: expected a number, received a string ("90")'],
    });
    expect(parseRuntimeConfig({ ...valid, streamIdleTimeoutSeconds: 0 })).toEqual({
      ok: false,
      problems: ['streamIdleTimeoutSeconds: must be at least 1 (seconds)'],
    });
    expect(parseRuntimeConfig({ ...valid, streamIdleTimeoutSeconds: 1.5 })).toEqual({
      ok: false,
      problems: ['streamIdleTimeoutSeconds: must be a whole number of seconds'],
    });
  });

  it('names a missing field', () => {
    const result = parseRuntimeConfig({ auth: valid.auth });
    expect(result).toEqual({ ok: false, problems: ['apiBaseUrl: is required (expected a string)'] });
  });

  it('names a field present with the wrong type: the field, the type expected and the type received', () => {
    expect(parseRuntimeConfig({ ...valid, apiBaseUrl: 42 })).toEqual({
      ok: false,
      problems: ['apiBaseUrl: expected a string, received a number (42)'],
    });
    expect(parseRuntimeConfig({ ...valid, apiBaseUrl: null })).toEqual({
      ok: false,
      problems: ['apiBaseUrl: expected a string, received null'],
    });
    const nested = parseRuntimeConfig({
      ...valid,
      auth: { oidc: { ...valid.auth.oidc, clientId: ['x'] }, allowAccessTokenPaste: 'yes' },
    });
    expect(!nested.ok && nested.problems).toEqual([
      'auth.oidc.clientId: expected a string, received an array',
      'auth.allowAccessTokenPaste: expected a boolean, received a string ("yes")',
    ]);
    const list = parseRuntimeConfig({ ...valid, fallbacks: { assistants: {} } });
    expect(!list.ok && list.problems).toEqual(['fallbacks.assistants: expected an array, received an object']);
  });

  it('names a whole file that is not an object, saying what it is', () => {
    expect(parseRuntimeConfig(null)).toEqual({
      ok: false,
      problems: ['(the whole file): expected a JSON object, received null'],
    });
    expect(parseRuntimeConfig([])).toEqual({
      ok: false,
      problems: ['(the whole file): expected a JSON object, received an empty array ([])'],
    });
    expect(parseRuntimeConfig('nope')).toEqual({
      ok: false,
      problems: ['(the whole file): expected a JSON object, received a string ("nope")'],
    });
  });

  it('names a bad nested field and says what is expected', () => {
    const result = parseRuntimeConfig({ ...valid, auth: { oidc: { authority: 'localhost:8080', clientId: 'x' } } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      'auth.oidc.authority: must be an absolute http(s) URL, e.g. https://host/path',
    ]);
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
    expect(result.ok && resolveApiBase(result.config, 'https://console.example')).toBe(
      'https://console.example/code-assistant-api',
    );
  });
});
