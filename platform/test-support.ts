// Helpers for the platform's tests: start on a free port, get tokens, call the API.
import { afterAll, beforeAll } from 'vitest';
import type { PlatformOptions } from './config';
import { startPlatform, type RunningPlatform } from './server';
import type { StreamWire } from './stream-writer';

export async function startTestPlatform(
  streamDelayMs = 2,
  accessTokenTtl = 600,
  streamWire?: StreamWire,
  more: Partial<PlatformOptions> = {},
): Promise<RunningPlatform> {
  return startPlatform({
    ...more,
    port: 0,
    consoleOrigins: ['http://localhost:5173'],
    accessTokenTtl,
    streamDelayMs,
    mcpPort: 0,
    ...(streamWire ? { streamWire } : {}),
  });
}

export const tokenUrl = (platform: RunningPlatform): string => `${platform.issuer}/protocol/openid-connect/token`;

export async function passwordToken(platform: RunningPlatform, username: string, password = username): Promise<string> {
  const response = await fetch(tokenUrl(platform), {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'sdk-client',
      username,
      password,
      scope: 'openid profile email',
    }),
  });
  if (response.status !== 200) throw new Error(`password grant failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export function api(platform: RunningPlatform, token: string | undefined) {
  return (
    path: string,
    init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...init.headers };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) body = JSON.stringify(init.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${platform.apiBaseUrl}/v1${path}`, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      ...(body !== undefined ? { body } : {}),
    });
  };
}

export const ids = {
  general: 'a1000000-0000-4000-8000-000000000001',
  storyteller: 'a1000000-0000-4000-8000-000000000002',
  broken: 'a1000000-0000-4000-8000-000000000003',
  finance: 'a1000000-0000-4000-8000-000000000004',
  research: 'a1000000-0000-4000-8000-000000000005',
  researchNdjson: 'a1000000-0000-4000-8000-000000000006',
  codemie: 'a1000000-0000-4000-8000-000000000007',
  flaky: 'a1000000-0000-4000-8000-000000000008',
  garbled: 'a1000000-0000-4000-8000-000000000009',
  agentErrors: 'a1000000-0000-4000-8000-00000000000a',
  headerInspector: 'a1000000-0000-4000-8000-00000000000b',
  tenantData: 'a1000000-0000-4000-8000-00000000000c',
  faultInjector: 'a1000000-0000-4000-8000-00000000000d',
  fileReader: 'a1000000-0000-4000-8000-0000000000f1',
  slowTool: 'a1000000-0000-4000-8000-0000000000f2',
  literalBraces: 'a1000000-0000-4000-8000-0000000000f3',
  restricted: 'a1000000-0000-4000-8000-0000000000f4',
  summarize: 'b2000000-0000-4000-8000-000000000001',
  payroll: 'b2000000-0000-4000-8000-000000000002',
  tagEcho: 'b2000000-0000-4000-8000-000000000003',
  failing: 'b2000000-0000-4000-8000-000000000004',
  headerRelay: 'b2000000-0000-4000-8000-000000000005',
  twelveStep: 'b2000000-0000-4000-8000-000000000006',
  approvalGate: 'b2000000-0000-4000-8000-000000000007',
};

/** One platform for the calling test file, with the analyst's API caller (usable inside its tests). */
export function platformWithAnalyst(streamDelayMs: number, more: Partial<PlatformOptions> = {}) {
  let running: { platform: RunningPlatform; call: ReturnType<typeof api> } | undefined;
  beforeAll(async () => {
    const platform = await startTestPlatform(streamDelayMs, 600, undefined, more);
    running = { platform, call: api(platform, await passwordToken(platform, 'analyst')) };
  });
  afterAll(() => running?.platform.close());
  const started = () => {
    if (!running) throw new Error('the test platform is used before beforeAll started it');
    return running;
  };
  const analyst: ReturnType<typeof api> = (path, init) => started().call(path, init);
  return { analyst, platform: () => started().platform };
}
