// Contract: the platform's MCP client sends MCP 2026-07-28's standard headers on every request to a tool server
// (Mcp-Method, Mcp-Name where the method names a target, MCP-Protocol-Version, Mcp-Session-Id once a session has one),
// and the tools report them with everything else they received.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMcpTool } from '../mcp/tool-client';
import { mcpStandardHeaders } from '../mcp/standard-headers';
import { ids, platformWithAnalyst } from '../test-support';
import type { WireAssistantAnswer, WireThought } from '../wire';

const { platform, analyst } = platformWithAnalyst(1);

interface Seen {
  bodyMethod: string | undefined;
  headers: IncomingHttpHeaders;
}

/** A hop in front of the tool server that records each request, and plays a server that hands out a session id. */
function recordingProxy(target: () => string) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = body ? (JSON.parse(body) as { method?: string }) : {};
      seen.push({ bodyMethod: parsed.method, headers: req.headers });
      const headers = Object.fromEntries(
        Object.entries(req.headers).flatMap(([name, value]) =>
          ['host', 'content-length', 'connection', 'mcp-session-id'].includes(name) || typeof value !== 'string'
            ? []
            : [[name, value]],
        ),
      );
      void fetch(target(), { method: req.method ?? 'POST', headers, ...(body ? { body } : {}) })
        .then(async (response) => {
          const text = await response.text();
          res.writeHead(response.status, {
            'content-type': response.headers.get('content-type') ?? 'application/json',
            ...(parsed.method === 'initialize' ? { 'mcp-session-id': 'session-7' } : {}),
          });
          res.end(text);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  return { seen, server };
}

const proxy = recordingProxy(() => platform().mcpUrl);
let proxyUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((resolve) => proxy.server.close(() => resolve())));

const toolReport = (answer: WireAssistantAnswer) => {
  const all = (nodes: readonly WireThought[]): WireThought[] => nodes.flatMap((node) => [node, ...all(node.children)]);
  const tool = all(answer.thoughts ?? []).find((node) => node.author_type === 'Tool');
  return (JSON.parse(tool?.message ?? '{}') as { received_headers?: Record<string, string> }).received_headers ?? {};
};

describe('MCP standard headers', () => {
  it('mirror the JSON-RPC method, and the target it names, into headers', () => {
    const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo_headers', arguments: {} } };
    expect(mcpStandardHeaders(call)).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Name': 'echo_headers' });
    const read = { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'file:///notes.md' } };
    expect(mcpStandardHeaders(read)).toEqual({ 'Mcp-Method': 'resources/read', 'Mcp-Name': 'file:///notes.md' });
    const prompt = { jsonrpc: '2.0', id: 5, method: 'prompts/get', params: { name: 'summarize' } };
    expect(mcpStandardHeaders(prompt)).toEqual({ 'Mcp-Method': 'prompts/get', 'Mcp-Name': 'summarize' });
    const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2026-07-28' } };
    expect(mcpStandardHeaders(init)).toEqual({ 'Mcp-Method': 'initialize', 'MCP-Protocol-Version': '2026-07-28' });
    expect(mcpStandardHeaders({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({
      'Mcp-Method': 'notifications/initialized',
    });
    // A response or a batch has no single method: nothing to mirror.
    expect(mcpStandardHeaders({ jsonrpc: '2.0', id: 3, result: {} })).toEqual({});
    expect(mcpStandardHeaders([call, read])).toEqual({});
  });

  it('go with every request the platform’s client makes, with the session id once the server gave one', async () => {
    proxy.seen.length = 0;
    const result = await callMcpTool({
      url: proxyUrl,
      tool: 'echo_headers',
      args: {},
      headers: { 'x-tenant-id': 'a' },
    });
    expect(result.isError).toBe(false);
    const posts = proxy.seen.filter((request) => request.bodyMethod !== undefined);
    expect(posts.map((request) => request.bodyMethod)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/call',
    ]);
    for (const request of posts) {
      expect(request.headers['mcp-method']).toBe(request.bodyMethod);
      expect(request.headers['mcp-protocol-version']).toBe(LATEST_PROTOCOL_VERSION);
    }
    const [init, initialized, call] = posts;
    expect(init?.headers['mcp-session-id']).toBeUndefined();
    expect(initialized?.headers['mcp-session-id']).toBe('session-7');
    expect(call?.headers['mcp-session-id']).toBe('session-7');
    expect(call?.headers['mcp-name']).toBe('echo_headers');
    expect(init?.headers['mcp-name']).toBeUndefined();
  });

  it('reach the tool, which reports them beside the forwarded X-* headers and the trace context', async () => {
    const response = await analyst(`/assistants/${ids.headerInspector}/model`, {
      body: { text: 'Which headers arrived?', propagate_headers: true },
      headers: { 'X-Tenant-ID': 'acme' },
    });
    const received = toolReport((await response.json()) as WireAssistantAnswer);
    expect(received).toMatchObject({
      'x-tenant-id': 'acme',
      'mcp-method': 'tools/call',
      'mcp-name': 'echo_headers',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
    });
    expect(received['traceparent']).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    // A stateless tool server gives no session: none is claimed. HTTP plumbing is not part of the report.
    expect(received).not.toHaveProperty('mcp-session-id');
    expect(received).not.toHaveProperty('host');
    expect(received).not.toHaveProperty('content-type');
  });
});
