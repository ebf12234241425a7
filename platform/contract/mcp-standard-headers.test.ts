// Contract: the platform's MCP client speaks MCP 2026-07-28 (CURRENT-SERVERS.md §7): no session and no initialize
// handshake; every request carries MCP-Protocol-Version, Mcp-Method and Mcp-Name (where the method names a target), and
// an argument annotated `x-mcp-header` is mirrored as Mcp-Param-<Name> (the base64 sentinel for non-ASCII); the tool
// server refuses a header that disagrees with the body (400, HeaderMismatch -32020) and mints no session; the tools
// report the headers with everything else they received.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMcpTool } from '../mcp/tool-client';
import { decodeParamValue, encodeParamValue, requestHeaders } from '../mcp/protocol-2026';
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

describe('MCP 2026-07-28 headers', () => {
  it('mirror the JSON-RPC method, the target it names and the annotated arguments into headers', () => {
    const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo_headers', arguments: {} } };
    const version = { 'MCP-Protocol-Version': '2026-07-28' };
    expect(requestHeaders(call)).toEqual({ ...version, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'echo_headers' });
    const read = { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'file:///notes.md' } };
    expect(requestHeaders(read)).toEqual({
      ...version,
      'Mcp-Method': 'resources/read',
      'Mcp-Name': 'file:///notes.md',
    });
    const region = { ...call, params: { name: 'region_report', arguments: { region: 'us-west1', other: 'x' } } };
    expect(requestHeaders(region, { region: 'Region' })).toMatchObject({ 'Mcp-Param-Region': 'us-west1' });
    // Non-ASCII, or padded, goes as the base64 sentinel; it decodes back.
    expect(encodeParamValue('São Paulo')).toBe('=?base64?U8OjbyBQYXVsbw==?=');
    expect(encodeParamValue(' padded')).toBe('=?base64?IHBhZGRlZA==?=');
    expect(decodeParamValue('=?base64?U8OjbyBQYXVsbw==?=')).toBe('São Paulo');
    expect(decodeParamValue('us-west1')).toBe('us-west1');
    // A response or a batch has no single method: nothing to mirror.
    expect(requestHeaders({ jsonrpc: '2.0', id: 3, result: {} })).toEqual({});
    expect(requestHeaders([call, read])).toEqual({});
  });

  it('go with every request the platform’s client makes: no initialize, no session', async () => {
    proxy.seen.length = 0;
    const result = await callMcpTool({
      url: proxyUrl,
      tool: 'region_report',
      args: { region: 'São Paulo' },
      headers: { 'x-tenant-id': 'a' },
    });
    expect(result.isError).toBe(false);
    const posts = proxy.seen.filter((request) => request.bodyMethod !== undefined);
    expect(posts.map((request) => request.bodyMethod)).toEqual(['tools/list', 'tools/call']);
    for (const request of posts) {
      expect(request.headers['mcp-method']).toBe(request.bodyMethod);
      expect(request.headers['mcp-protocol-version']).toBe('2026-07-28');
      expect(request.headers['mcp-session-id']).toBeUndefined();
    }
    expect(posts[1]?.headers['mcp-name']).toBe('region_report');
    expect(posts[1]?.headers['mcp-param-region']).toBe('=?base64?U8OjbyBQYXVsbw==?=');
    expect(result.json).toMatchObject({ region: 'São Paulo' });
  });

  it('the tool server refuses a mirrored header that disagrees with the body, and mints no session', async () => {
    const refused = await callMcpTool({
      url: platform().mcpUrl,
      tool: 'region_report',
      args: { region: 'us-west1' },
      headers: {},
      rewrittenByProxy: true,
    });
    expect(refused.isError).toBe(true);
    expect(refused.json).toMatchObject({ code: -32020 });
    expect(refused.text).toContain(
      'HeaderMismatch: Mcp-Param-Region is \\"us-west1-rewritten\\", the argument region is \\"us-west1\\"',
    );
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } };
    const plain = await fetch(platform().mcpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...requestHeaders(body),
      },
      body: JSON.stringify(body),
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('mcp-session-id')).toBeNull();
    const missing = await fetch(platform().mcpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
      },
      body: JSON.stringify(body),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: number } }).error.code).toBe(-32020);
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
      'mcp-protocol-version': '2026-07-28',
    });
    expect(received['traceparent']).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    // No session under 2026-07-28. HTTP plumbing is not part of the report.
    expect(received).not.toHaveProperty('mcp-session-id');
    expect(received).not.toHaveProperty('host');
    expect(received).not.toHaveProperty('content-type');
  });
});
