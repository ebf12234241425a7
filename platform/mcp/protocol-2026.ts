// MCP 2026-07-28 over Streamable HTTP (CURRENT-SERVERS.md §7, the specification's changelog and transport): no
// protocol sessions (no initialize handshake, no Mcp-Session-Id); every request carries MCP-Protocol-Version, Mcp-Method
// and Mcp-Name (the tool's or resource's name); a tool parameter annotated `x-mcp-header: Region` is mirrored by the
// client as `Mcp-Param-Region`, non-ASCII or padded values as `=?base64?…?=`; a header that disagrees with the body is
// refused with 400 and JSON-RPC error HeaderMismatch (-32020). What both sides of the local platform share.

export const protocolVersion = '2026-07-28';
export const headerMismatchCode = -32020;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as an `Mcp-Param-*` header carries it: as is when plain printable ASCII, else the base64 sentinel. */
export function encodeParamValue(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value);
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** An `Mcp-Param-*` header's value as the argument it mirrors (the sentinel decoded), or null when it is malformed. */
export function decodeParamValue(header: string): string | null {
  const sentinel = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(header);
  if (!sentinel) return header;
  const bytes = Buffer.from(sentinel[1] ?? '', 'base64');
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : null;
}

/** A tool's parameters annotated `x-mcp-header` in its input schema: argument name → header name (after Mcp-Param-). */
export function headerParams(inputSchema: unknown): Record<string, string> {
  const properties = isRecord(inputSchema) && isRecord(inputSchema['properties']) ? inputSchema['properties'] : {};
  const params: Record<string, string> = {};
  for (const [arg, schema] of Object.entries(properties)) {
    const header = isRecord(schema) ? schema['x-mcp-header'] : undefined;
    if (typeof header === 'string' && /^[A-Za-z0-9-]+$/.test(header)) params[arg] = header;
  }
  return params;
}

/** The headers one JSON-RPC request asks for under 2026-07-28, its annotated arguments mirrored. */
export function requestHeaders(
  message: unknown,
  params: Readonly<Record<string, string>> = {},
): Record<string, string> {
  if (!isRecord(message) || typeof message['method'] !== 'string') return {};
  const body = isRecord(message['params']) ? message['params'] : {};
  const headers: Record<string, string> = { 'MCP-Protocol-Version': protocolVersion, 'Mcp-Method': message['method'] };
  const name = typeof body['name'] === 'string' ? body['name'] : body['uri'];
  if (typeof name === 'string' && name !== '') headers['Mcp-Name'] = name;
  const args = isRecord(body['arguments']) ? body['arguments'] : {};
  for (const [arg, header] of Object.entries(params)) {
    const value = args[arg];
    if (typeof value === 'string') headers[`Mcp-Param-${header}`] = encodeParamValue(value);
    else if (typeof value === 'number' || typeof value === 'boolean') headers[`Mcp-Param-${header}`] = String(value);
  }
  return headers;
}

type Incoming = Readonly<Record<string, string | string[] | undefined>>;
const one = (headers: Incoming, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * Why a 2026-07-28 request's headers disagree with its body (a proxy that rewrote one, a client that left one out), or
 * null when they agree. `paramsOf` names the annotated parameters of a tool.
 */
export function headerMismatch(
  message: unknown,
  headers: Incoming,
  paramsOf: (tool: string) => Readonly<Record<string, string>>,
): string | null {
  if (!isRecord(message) || typeof message['method'] !== 'string') return null;
  const method = message['method'];
  if (one(headers, 'Mcp-Method') !== method)
    return `Mcp-Method is ${JSON.stringify(one(headers, 'Mcp-Method') ?? null)}, the body's method is "${method}"`;
  const body = isRecord(message['params']) ? message['params'] : {};
  const name = typeof body['name'] === 'string' ? body['name'] : body['uri'];
  if (typeof name === 'string' && one(headers, 'Mcp-Name') !== name)
    return `Mcp-Name is ${JSON.stringify(one(headers, 'Mcp-Name') ?? null)}, the body names "${name}"`;
  if (method !== 'tools/call' || typeof name !== 'string') return null;
  const args = isRecord(body['arguments']) ? body['arguments'] : {};
  for (const [arg, header] of Object.entries(paramsOf(name))) {
    const sent = one(headers, `Mcp-Param-${header}`);
    const value = args[arg];
    if (value === undefined && sent === undefined) continue;
    const decoded = sent === undefined ? undefined : decodeParamValue(sent);
    if (decoded === null) return `Mcp-Param-${header} is not a valid base64 sentinel`;
    if (decoded !== (typeof value === 'string' ? value : value === undefined ? undefined : String(value)))
      return `Mcp-Param-${header} is ${JSON.stringify(decoded ?? null)}, the argument ${arg} is ${JSON.stringify(value ?? null)}`;
  }
  return null;
}
