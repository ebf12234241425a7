// A real MCP tool server over Streamable HTTP, stateless (no session id generator): one server and transport per request.
// It speaks MCP 2026-07-28 (standard headers checked against the body, no initialize needed) and the versions before it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { headerMismatch, headerMismatchCode, protocolVersion } from './protocol-2026';
import { asSentHeader, registerTools, toolHeaderParams } from './tools';

export const mcpPath = '/mcp';

export interface RunningMcpServer {
  url: string;
  close(): Promise<void>;
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string): void {
  res
    .writeHead(status, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A request header changed for what reads the request next (the SDK reads the raw headers, others `headers`). */
function setHeader(req: IncomingMessage, name: string, value: string): void {
  req.headers[name] = value;
  const raw = req.rawHeaders;
  const at = raw.findIndex((entry, index) => index % 2 === 0 && entry.toLowerCase() === name);
  if (at >= 0) raw[at + 1] = value;
  else raw.push(name, value);
}

const idOf = (message: unknown) =>
  typeof message === 'object' && message !== null && 'id' in message ? (message as { id: unknown }).id : null;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path !== mcpPath) return sendJsonRpcError(res, 404, `Not found: the MCP endpoint is ${mcpPath}`);
  // Stateless servers have no session to stream to or end: only POST carries messages.
  if (req.method !== 'POST')
    return sendJsonRpcError(res, 405, 'Method not allowed: this stateless server takes POST only');
  const message = await bodyOf(req);
  // A 2026-07-28 request: its headers must agree with its body (a proxy may have rewritten one); it needs no
  // initialize and carries no session. The SDK underneath speaks the versions before it: it is handed the request
  // under its own latest version.
  if (req.headers['mcp-protocol-version'] === protocolVersion) {
    const mismatch = headerMismatch(message, req.headers, (tool) => toolHeaderParams[tool] ?? {});
    if (mismatch !== null) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: headerMismatchCode, message: `HeaderMismatch: ${mismatch}` },
          id: idOf(message),
        }),
      );
      return;
    }
    setHeader(req, 'mcp-protocol-version', LATEST_PROTOCOL_VERSION);
    // What the tools report is what the client sent, not the version the SDK is handed.
    setHeader(req, asSentHeader, protocolVersion);
  }
  const server = new McpServer({ name: 'local-platform-tools', version: '1.0.0' });
  registerTools(server);
  const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, message);
}

/** Listens on loopback (IPv4, and IPv6 when available) at `port` (0: a free one). */
export async function startMcpServer(port: number, host = '127.0.0.1'): Promise<RunningMcpServer> {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJsonRpcError(res, 500, error instanceof Error ? error.message : 'internal error');
      else res.destroy();
    });
  };
  const server: Server = createServer(onRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${bound}${mcpPath}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
