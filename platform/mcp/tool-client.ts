// The API's side of MCP, speaking 2026-07-28 over Streamable HTTP: no session and no initialize handshake; each call
// is `tools/list` (to learn which arguments the tool wants mirrored into headers) then `tools/call`, each request with
// the standard headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name), the `Mcp-Param-*` mirrors, the forwarded X-*
// headers and the trace context. The protocol version and the client travel in each request's `_meta`.
import { randomInt } from 'node:crypto';
import { headerParams, protocolVersion, requestHeaders } from './protocol-2026';

export interface ToolCall {
  url: string;
  tool: string;
  args: Record<string, unknown>;
  /** Sent with every request to the tool server: the forwarded X-* headers. */
  headers: Record<string, string>;
  /**
   * Trace context of the API request that makes the call (its span as the parent): sent as a `traceparent` header on
   * every request to the tool server and in the call's `_meta` (reserved there for W3C trace context by the spec).
   * Passed whether or not X-* headers are forwarded: it is the platform's own context, not the caller's headers.
   */
  traceparent?: string;
  /** Cancels the call (the caller went away). */
  signal?: AbortSignal;
  /** Longest wait for the result in ms (60 s when not given). */
  timeoutMs?: number;
  /** The demo knob: a proxy on the way rewrites the `Mcp-Param-*` headers, so they disagree with the body. */
  rewrittenByProxy?: boolean;
}

export interface ToolResult {
  isError: boolean;
  /** The tool's text output (its content blocks joined). */
  text: string;
  /** The text read as JSON, or null. */
  json: unknown;
}

const defaultTimeoutMs = 60_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A refusal of the tool server, in its words (a JSON-RPC error, or an HTTP status without one). */
class ToolServerRefusal extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

/** The JSON-RPC response to request `id`, whether the server answered with JSON or with an SSE stream. */
function responseOf(contentType: string, text: string, id: number): unknown {
  if (!contentType.includes('text/event-stream')) return JSON.parse(text) as unknown;
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    const message = JSON.parse(data) as unknown;
    if (isRecord(message) && message['id'] === id) return message;
  }
  throw new Error('the event stream ended without the response');
}

async function post(call: ToolCall, method: string, params: Record<string, unknown>, mirror = {}): Promise<unknown> {
  const id = randomInt(1, 2 ** 47);
  const message = {
    jsonrpc: '2.0',
    id,
    method,
    params: {
      ...params,
      _meta: {
        protocolVersion,
        clientInfo: { name: 'local-platform-api', version: '1.0.0' },
        ...(call.traceparent ? { traceparent: call.traceparent } : {}),
      },
    },
  };
  const standard = requestHeaders(message, mirror);
  if (call.rewrittenByProxy)
    for (const name of Object.keys(standard))
      if (name.startsWith('Mcp-Param-')) standard[name] = `${standard[name] ?? ''}-rewritten`;
  // A tool server that never answers must not hold the API's request forever (the SDK's default was 60 s).
  const signals = [call.signal, AbortSignal.timeout(call.timeoutMs ?? defaultTimeoutMs)];
  const active = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  const response = await fetch(call.url, {
    method: 'POST',
    headers: {
      ...call.headers,
      ...(call.traceparent ? { traceparent: call.traceparent } : {}),
      ...standard,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify(message),
    ...(active.length ? { signal: AbortSignal.any(active) } : {}),
  });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = responseOf(response.headers.get('content-type') ?? '', text, id);
  } catch {
    throw new ToolServerRefusal(`HTTP ${response.status}: ${text.slice(0, 200) || 'no body'}`, undefined);
  }
  const error = isRecord(answer) && isRecord(answer['error']) ? answer['error'] : undefined;
  if (error || !response.ok) {
    const words = typeof error?.['message'] === 'string' ? error['message'] : `HTTP ${response.status}`;
    throw new ToolServerRefusal(words, typeof error?.['code'] === 'number' ? error['code'] : undefined);
  }
  return isRecord(answer) ? answer['result'] : undefined;
}

/** The arguments of `tool` its input schema asks to mirror into `Mcp-Param-*` headers. */
async function mirroredParams(call: ToolCall): Promise<Record<string, string>> {
  const listed = await post(call, 'tools/list', {});
  const tools = isRecord(listed) && Array.isArray(listed['tools']) ? listed['tools'] : [];
  const tool = tools.find((entry) => isRecord(entry) && entry['name'] === call.tool);
  return isRecord(tool) ? headerParams(tool['inputSchema']) : {};
}

const textOf = (result: unknown): string => {
  const content = isRecord(result) && Array.isArray(result['content']) ? result['content'] : [];
  return content.map((block) => (isRecord(block) && typeof block['text'] === 'string' ? block['text'] : '')).join('\n');
};

export async function callMcpTool(call: ToolCall): Promise<ToolResult> {
  const { url, tool, args } = call;
  try {
    const mirror = await mirroredParams(call);
    const result = await post(call, 'tools/call', { name: tool, arguments: args }, mirror);
    const text = textOf(result);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { isError: isRecord(result) && result['isError'] === true, text, json };
  } catch (error) {
    // A refusal of the tool server, or the server down, is a tool error the assistant reports, not a crash.
    // A HeaderMismatch (-32020) says in its words which header disagreed with the body.
    const message =
      error instanceof ToolServerRefusal
        ? `The tool server at ${url} refused the call: ${error.message}`
        : `The tool server at ${url} could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    return {
      isError: true,
      text: JSON.stringify({ error: message }),
      json: { error: message, ...(error instanceof ToolServerRefusal && error.code ? { code: error.code } : {}) },
    };
  }
}
