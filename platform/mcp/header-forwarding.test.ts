// The MCP tool server and header forwarding, over real HTTP: what reaches a tool, and when.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../server';
import { api, ids, passwordToken, startTestPlatform } from '../test-support';
import type { WireAssistantAnswer, WireThought } from '../wire';
import { startPlatform } from '../server';

let platform: RunningPlatform;
let analyst: ReturnType<typeof api>;
beforeAll(async () => {
  platform = await startTestPlatform(1);
  analyst = api(platform, await passwordToken(platform, 'analyst'));
});
afterAll(() => platform.close());

const toolThought = (answer: WireAssistantAnswer): WireThought | undefined => {
  const all = (nodes: readonly WireThought[]): WireThought[] => nodes.flatMap((node) => [node, ...all(node.children)]);
  return all(answer.thoughts ?? []).find((node) => node.author_type === 'Tool');
};

async function ask(
  assistant: string,
  headers: Record<string, string>,
  body: Record<string, unknown> = {},
  caller = analyst,
) {
  const response = await caller(`/assistants/${assistant}/model`, {
    body: { text: 'Which headers arrived?', ...body },
    headers,
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as WireAssistantAnswer;
  const tool = toolThought(answer);
  const output = JSON.parse(tool?.message ?? '{}') as { received_headers?: Record<string, string>; error?: string };
  // The forwarded X-* headers (the report also lists trace context and MCP's standard headers).
  const received = Object.fromEntries(
    Object.entries(output.received_headers ?? {}).filter(([name]) => name.startsWith('x-')),
  );
  return { answer, tool, received, output };
}

describe('MCP tool server', () => {
  it('initializes over Streamable HTTP and lists its eight tools', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(platform.mcpUrl)));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'delete_records',
      'echo_headers',
      'leaky_echo',
      'list_records',
      'region_report',
      'slow_task',
      'tenant_records',
      'whoami',
    ]);
    const whoami = await client.callTool({ name: 'whoami', arguments: {} });
    expect(JSON.stringify(whoami.content)).toContain('end_user_id');
    await client.close();
  });

  it('receives the caller’s X-* headers only with propagate_headers: true', async () => {
    const headers = { 'X-Tenant-ID': 'acme', 'X-Correlation-ID': 'c-1' };
    const on = await ask(ids.headerInspector, headers, { propagate_headers: true });
    expect(on.received).toEqual({ 'x-tenant-id': 'acme', 'x-correlation-id': 'c-1' });
    expect(on.answer.generated).toContain('acme');
    expect(on.tool?.metadata).toMatchObject({
      tool_name: 'echo_headers',
      status: 'completed',
      mcp_server: platform.mcpUrl,
    });
    const off = await ask(ids.headerInspector, headers);
    expect(off.received).toEqual({});
    expect(off.answer.generated).not.toContain('acme');
    expect(off.answer.generated).toContain('no X-\\* header');
  });

  it('never forwards blocklisted names, whatever the flag', async () => {
    const { received } = await ask(
      ids.headerInspector,
      { 'X-Api-Key': 'k', 'X-Internal-Token': 't', 'X-Auth-Token': 'a', 'X-Keep': 'kept' },
      { propagate_headers: true },
    );
    expect(received).toEqual({ 'x-keep': 'kept' });
  });

  it('returns each tenant its own records, and a tool error without X-Tenant-ID', async () => {
    const acme = await ask(ids.tenantData, { 'X-Tenant-ID': 'acme' }, { propagate_headers: true });
    const globex = await ask(ids.tenantData, { 'X-Tenant-ID': 'globex' }, { propagate_headers: true });
    expect(acme.answer.generated).toContain('Acme Corp');
    expect(acme.answer.generated).not.toContain('Globex');
    expect(globex.answer.generated).toContain('Globex');
    expect(globex.answer.generated).not.toContain('Acme');
    const missing = await ask(ids.tenantData, {}, { propagate_headers: true });
    expect(missing.tool?.error).toBe(true);
    expect(missing.output.error).toContain('X-Tenant-ID header is missing');
    expect(missing.answer.generated).toContain('X-Tenant-ID');
  });

  it('answers the same for the same request, so a copied call replays alike', async () => {
    const first = await ask(ids.headerInspector, { 'X-Tenant-ID': "acme's `x`" }, { propagate_headers: true });
    const second = await ask(ids.headerInspector, { 'X-Tenant-ID': "acme's `x`" }, { propagate_headers: true });
    expect(second.answer.generated).toBe(first.answer.generated);
  });

  it('forwards without the flag when configured like real servers (forwardAlways)', async () => {
    const always = await startPlatform({
      port: 0,
      mcpPort: 0,
      consoleOrigins: ['http://localhost:5173'],
      accessTokenTtl: 600,
      streamDelayMs: 1,
      forwardAlways: true,
    });
    try {
      const caller = api(always, await passwordToken(always, 'analyst'));
      const { received } = await ask(ids.headerInspector, { 'X-Tenant-ID': 'acme', 'X-Api-Key': 'k' }, {}, caller);
      expect(received).toEqual({ 'x-tenant-id': 'acme' });
    } finally {
      await always.close();
    }
  });
});

describe('CORS for custom headers', () => {
  it('lets the console send any X-* header', async () => {
    const response = await fetch(`${platform.apiBaseUrl}/v1/assistants/${ids.headerInspector}/model`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, x-tenant-id, x-correlation-id',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    expect(allowed).toContain('x-tenant-id');
    expect(allowed).toContain('x-correlation-id');
  });
});
