// MCP 2026-07-28 (SEP-2243) mirrors routing fields of the JSON-RPC body into HTTP headers on every POST, so proxies,
// gateways and a header-propagation demo can see them without reading the body. The SDK in use (1.32) sends only
// `mcp-session-id` and, after initialize, `mcp-protocol-version`: this wraps its fetch to add the rest.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The standard headers one JSON-RPC message asks for: `Mcp-Method` for a request or notification, `Mcp-Name` for the
 * methods that name a target (a tool's or a prompt's name, a resource's uri), and `MCP-Protocol-Version` for
 * `initialize`, which carries the version it asks for in its params (later requests carry the negotiated one, which
 * the SDK sets). Nothing for a batch or a response: they have no single method.
 */
export function mcpStandardHeaders(message: unknown): Record<string, string> {
  if (!isRecord(message) || typeof message['method'] !== 'string') return {};
  const method = message['method'];
  const params = isRecord(message['params']) ? message['params'] : {};
  const headers: Record<string, string> = { 'Mcp-Method': method };
  const name = typeof params['name'] === 'string' ? params['name'] : params['uri'];
  if (typeof name === 'string' && name !== '') headers['Mcp-Name'] = name;
  const version = params['protocolVersion'];
  if (method === 'initialize' && typeof version === 'string') headers['MCP-Protocol-Version'] = version;
  return headers;
}

function messageOf(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/** A fetch that sets the standard headers of the JSON-RPC message it posts, then calls `base`. */
export function withMcpStandardHeaders(base: FetchLike = fetch): FetchLike {
  return (url, init) => {
    const standard = mcpStandardHeaders(messageOf(init?.body));
    if (Object.keys(standard).length === 0) return base(url, init);
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(standard)) {
      // A version the SDK negotiated wins over the one initialize asks for; the method and name always mirror the body.
      if (name === 'MCP-Protocol-Version' && headers.has(name)) continue;
      headers.set(name, value);
    }
    return base(url, { ...init, headers });
  };
}
