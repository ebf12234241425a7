// The API's side of MCP: a real client over Streamable HTTP, one connection per tool call, sending the standard headers.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { withMcpStandardHeaders } from './standard-headers';

export interface ToolCall {
  url: string;
  tool: string;
  args: Record<string, unknown>;
  /** Sent with every request to the tool server: the forwarded X-* headers. */
  headers: Record<string, string>;
  /**
   * Trace context of the API request that makes the call (its span as the parent): sent as a `traceparent` header on
   * every request to the tool server and in the call's `_meta`, as MCP's trace-context proposal does. Passed whether
   * or not X-* headers are forwarded: it is the platform's own context, not the caller's headers.
   */
  traceparent?: string;
  /** Cancels the call (the caller went away). */
  signal?: AbortSignal;
  /** Longest wait for the result in ms; progress from the tool restarts it (the SDK's default is 60 s). */
  timeoutMs?: number;
}

export interface ToolResult {
  isError: boolean;
  /** The tool's text output (its content blocks joined). */
  text: string;
  /** The text read as JSON, or null. */
  json: unknown;
}

export async function callMcpTool(call: ToolCall): Promise<ToolResult> {
  const { url, tool, args, headers, signal, timeoutMs, traceparent } = call;
  const client = new Client({ name: 'local-platform-api', version: '1.0.0' });
  const requestInit = { headers: { ...headers, ...(traceparent ? { traceparent } : {}) } };
  // The SDK does not send MCP 2026-07-28's standard headers (Mcp-Method, Mcp-Name) yet: its fetch is wrapped to add them.
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit, fetch: withMcpStandardHeaders() });
  try {
    await client.connect(transport);
    // Asking for progress lets a long tool keep the connection to the tool server alive while the API's stream is silent.
    const options = {
      ...(signal ? { signal } : {}),
      ...(timeoutMs !== undefined
        ? { timeout: timeoutMs, resetTimeoutOnProgress: true, onprogress: () => undefined }
        : {}),
    };
    const meta = traceparent ? { _meta: { traceparent } } : {};
    const result = await client.callTool({ name: tool, arguments: args, ...meta }, undefined, options);
    const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
    const text = content
      .map((block) =>
        typeof block === 'object' && block !== null && 'text' in block && typeof block.text === 'string'
          ? block.text
          : '',
      )
      .join('\n');
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { isError: result.isError === true, text, json };
  } catch (error) {
    // The tool server down or broken is a tool error the assistant reports, not a crash of the answer.
    const message = `The tool server at ${url} could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    return { isError: true, text: JSON.stringify({ error: message }), json: { error: message } };
  } finally {
    await client.close().catch(() => undefined);
  }
}
