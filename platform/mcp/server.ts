// A real MCP tool server over Streamable HTTP, stateless (no session id generator): one server and transport per request.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { registerTools } from './tools';

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

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path !== mcpPath) return sendJsonRpcError(res, 404, `Not found: the MCP endpoint is ${mcpPath}`);
  // Stateless servers have no session to stream to or end: only POST carries messages.
  if (req.method !== 'POST')
    return sendJsonRpcError(res, 405, 'Method not allowed: this stateless server takes POST only');
  const server = new McpServer({ name: 'local-platform-tools', version: '1.0.0' });
  registerTools(server);
  const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
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
