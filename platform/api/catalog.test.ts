// Catalog endpoints, workflow executions, the user endpoint and CORS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../catalog/catalog-data';
import type { RunningPlatform } from '../server';
import { api, ids, passwordToken, startTestPlatform } from '../test-support';

let platform: RunningPlatform;
let analyst: ReturnType<typeof api>;
beforeAll(async () => {
  platform = await startTestPlatform();
  analyst = api(platform, await passwordToken(platform, 'analyst'));
});
afterAll(() => platform.close());

interface Page {
  data: { id: string; name: string }[];
  pagination: { page: number; per_page: number; total: number; pages: number };
}

describe('catalog', () => {
  it('pages assistants (0-based) and searches them case-insensitively', async () => {
    const first = (await (await analyst('/assistants?page=0&per_page=3&minimal_response=true')).json()) as Page;
    expect(first.pagination).toEqual({
      page: 0,
      per_page: 3,
      total: assistants.length,
      pages: Math.ceil(assistants.length / 3),
    });
    expect(first.data).toHaveLength(3);
    expect(first.data[0]).toEqual(
      expect.objectContaining({ id: ids.general, slug: 'general', project: 'local', icon_url: null }),
    );
    const second = (await (await analyst('/assistants?page=1&per_page=3')).json()) as Page;
    expect(second.data.map((item) => item.name)).toEqual([
      'Finance Auditor',
      'Research Agent',
      'Research Agent (NDJSON)',
    ]);

    const filters = encodeURIComponent(JSON.stringify({ search: 'STORY' }));
    const found = (await (await analyst(`/assistants?filters=${filters}`)).json()) as Page;
    expect(found.data.map((item) => item.name)).toEqual(['Slow Storyteller']);
    expect((await analyst('/assistants?filters=%7Bnope')).status).toBe(400);
  });

  it('describes one assistant, the models, the workflows and the user', async () => {
    const one = (await (await analyst(`/assistants/id/${ids.general}`)).json()) as Record<string, unknown>;
    expect(one).toMatchObject({ llm_model_type: 'gpt-4.1', toolkits: [], mcp_servers: [] });
    expect(one['conversation_starters']).toContain('Explain PKCE in two paragraphs');

    const models = (await (await analyst('/llm_models')).json()) as { base_name: string; default: boolean }[];
    expect(models.filter((model) => model.default).map((model) => model.base_name)).toEqual(['gpt-4.1']);

    const workflows = (await (await analyst('/workflows?page=0&per_page=10')).json()) as Page;
    expect(workflows.data[0]).toMatchObject({ id: ids.summarize, start_hint: 'Paste the text to summarize' });
    expect(workflows.pagination.total).toBe(7);

    expect(await (await analyst('/user')).json()).toMatchObject({
      username: 'analyst',
      name: 'Ada Analyst',
      email: 'analyst@example.test',
      is_admin: false,
    });
  });
});

describe('workflow executions', () => {
  it('starts an execution and answers its record', async () => {
    const response = await analyst(`/workflows/${ids.summarize}/executions`, {
      body: { user_input: 'Some text', tags: ['demo'], session_id: 's-1' },
    });
    expect(response.status).toBe(200);
    const record = (await response.json()) as Record<string, unknown>;
    expect(record).toMatchObject({
      workflow_id: ids.summarize,
      overall_status: 'In Progress',
      prompt: 'Some text',
      file_names: [],
      created_by: { username: 'analyst', name: 'Ada Analyst' },
    });
    // Tags and the session id are taken for tracing only: real servers neither store nor answer them.
    expect(record).not.toHaveProperty('tags');
    expect(record).not.toHaveProperty('session_id');
    expect(record['date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
  });

  it('refuses bad tags and unknown workflows', async () => {
    const bad = await analyst(`/workflows/${ids.summarize}/executions`, { body: { tags: 'demo' } });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { details: unknown } }).error.details).toEqual([
      { loc: ['body', 'tags'], msg: 'Input should be a valid list of strings', type: 'type_error' },
    ]);
    expect((await analyst(`/workflows/${ids.summarize}/executions`, { body: { tags: [1] } })).status).toBe(422);
    expect((await analyst('/workflows/b2000000-0000-4000-8000-0000000000ff/executions', { body: {} })).status).toBe(
      404,
    );
  });
});

describe('CORS', () => {
  const preflight = (origin: string, headers: string) =>
    fetch(`${platform.apiBaseUrl}/v1/assistants/${ids.general}/model`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': headers },
    });

  it('allows the console origin with X-* headers', async () => {
    const response = await preflight('http://localhost:5173', 'authorization,content-type,x-tenant-id');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-tenant-id');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-max-age')).toBe('600');
    const get = await fetch(`${platform.apiBaseUrl}/v1/llm_models`, { headers: { Origin: 'http://localhost:5173' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(get.headers.get('access-control-expose-headers')).toBe('Content-Disposition');
    expect(get.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('refuses other origins, and allows any header from the console origin (headers "*")', async () => {
    const evil = await preflight('http://evil.test', 'authorization,x-tenant-id');
    expect(evil.status).toBe(400);
    expect(await evil.text()).toBe('Disallowed CORS origin');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const traced = await preflight('http://localhost:5173', 'authorization,traceparent,x-request-id');
    expect(traced.status).toBe(204);
    expect(traced.headers.get('access-control-allow-headers')).toBe('authorization, traceparent, x-request-id');
  });
});
