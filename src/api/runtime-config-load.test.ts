import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkRuntimeConfig } from './runtime-config-load';

const base = { apiBaseUrl: 'http://localhost:8080/code-assistant-api', auth: { allowAccessTokenPaste: true } };

describe('the trace link template in config.json', () => {
  it('is accepted with known placeholders', () => {
    const result = checkRuntimeConfig({ ...base, traceUrlTemplate: 'https://trace.example.com/sessions/{session_id}' });
    expect(result.ok && result.config.traceUrlTemplate).toBe('https://trace.example.com/sessions/{session_id}');
  });

  it('names an unknown placeholder', () => {
    expect(checkRuntimeConfig({ ...base, traceUrlTemplate: 'https://trace.example.com/{run}' })).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^traceUrlTemplate: Unknown placeholder \{run\}/)],
    });
  });
});

describe('loadRuntimeConfig after the early request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the answer of the request sent at start once, then asks afresh', async () => {
    const bodies = [
      { ...base, apiBaseUrl: 'https://first.example.com/api' },
      { ...base, apiBaseUrl: 'https://second.example.com/api' },
    ];
    const requests: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      requests.push(url);
      return Promise.resolve(new Response(JSON.stringify(bodies[requests.length - 1])));
    });
    vi.resetModules();
    const { requestRuntimeConfigEarly } = await import('./config-request');
    const { loadRuntimeConfig } = await import('./runtime-config-load');
    requestRuntimeConfigEarly();
    requestRuntimeConfigEarly();
    expect(requests).toEqual(['/config.json']);
    expect(await loadRuntimeConfig()).toMatchObject({
      ok: true,
      config: { apiBaseUrl: 'https://first.example.com/api' },
    });
    expect(await loadRuntimeConfig()).toMatchObject({
      ok: true,
      config: { apiBaseUrl: 'https://second.example.com/api' },
    });
    expect(requests).toEqual(['/config.json', '/config.json']);
  });

  it('reports the early request failing as it would report its own', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    vi.resetModules();
    const { requestRuntimeConfigEarly } = await import('./config-request');
    const { loadRuntimeConfig } = await import('./runtime-config-load');
    requestRuntimeConfigEarly();
    expect(await loadRuntimeConfig()).toEqual({
      ok: false,
      problems: ['/config.json: could not be fetched (Failed to fetch)'],
    });
  });
});
