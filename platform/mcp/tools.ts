// The tools of the local MCP server. Each output is JSON and says which headers arrived with the call
// (`received_headers`), so a console can prove what a tool server actually received and tell who set each.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { leakyReport } from './leaky-echo';
import { recordTables } from './records';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** The X-* headers of the tool server's request, lowercased. */
export function receivedXHeaders(headers: Headers | undefined): Record<string, string> {
  const received: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const key = name.toLowerCase();
    if (key.startsWith('x-') && value !== undefined) received[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return received;
}

// HTTP's own plumbing, set by whatever library makes the request: no one propagates these, so no report lists them.
const plumbing: ReadonlySet<string> = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'connection',
  'content-length',
  'content-type',
  'host',
  'keep-alive',
  'sec-fetch-mode',
  'transfer-encoding',
  'user-agent',
]);
// Credentials are never echoed into a tool's output (which lands in a transcript): their names only, without values.
const credentials: ReadonlySet<string> = new Set(['authorization', 'cookie', 'proxy-authorization']);

/**
 * Every header the tool server's request carried, lowercased, but HTTP plumbing: the forwarded X-* headers, trace
 * context, MCP's standard headers (`mcp-method`, `mcp-name`, `mcp-protocol-version`, `mcp-session-id`) and anything
 * else a platform or proxy added. A credential is reported by name with its value withheld.
 */
export function reportedHeaders(headers: Headers | undefined): Record<string, string> {
  const reported: Record<string, string> = {};
  for (const [name, given] of Object.entries(headers ?? {})) {
    const key = name.toLowerCase();
    if (key === asSentHeader) continue;
    // The version the client sent, where the server handed the SDK underneath another one (see server.ts).
    const value = key === 'mcp-protocol-version' ? (headers?.[asSentHeader] ?? given) : given;
    if (plumbing.has(key) || value === undefined) continue;
    reported[key] = credentials.has(key) ? '(withheld)' : Array.isArray(value) ? value.join(', ') : value;
  }
  return reported;
}

/**
 * The trace context the tool call arrived with: the `traceparent` header of the request to this server, and the one
 * in the call's `_meta` (MCP's trace-context proposal). Empty when neither came.
 */
export function receivedTraceContext(
  headers: Headers | undefined,
  meta: Readonly<Record<string, unknown>> | undefined,
): { traceparent?: string; meta_traceparent?: string } {
  const header = headers?.['traceparent'];
  const traceparent = Array.isArray(header) ? header[0] : header;
  const inMeta = meta?.['traceparent'];
  return {
    ...(traceparent ? { traceparent } : {}),
    ...(typeof inMeta === 'string' ? { meta_traceparent: inMeta } : {}),
  };
}

const tenants: Readonly<
  Record<string, { company: string; records: { id: string; kind: string; title: string; amount?: number }[] }>
> = {
  acme: {
    company: 'Acme Corp',
    records: [
      { id: 'ACME-INV-1042', kind: 'invoice', title: 'Acme rocket skates, 12 pairs', amount: 4200 },
      { id: 'ACME-PRJ-7', kind: 'project', title: 'Acme anvil logistics upgrade' },
      { id: 'ACME-TCK-311', kind: 'ticket', title: 'Acme portable hole returns' },
    ],
  },
  globex: {
    company: 'Globex Corporation',
    records: [
      { id: 'GLX-INV-88', kind: 'invoice', title: 'Globex hammock supply, 40 units', amount: 1875 },
      { id: 'GLX-PRJ-3', kind: 'project', title: 'Globex Cypress Creek campus' },
    ],
  },
};

const text = (value: unknown, isError = false) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }],
  ...(isError ? { isError: true } : {}),
});

/** Set by the server on a 2026-07-28 request: the protocol version as the client sent it (never reported itself). */
export const asSentHeader = 'mcp-protocol-version-as-sent';

/** The annotation that asks a 2026-07-28 client to mirror an argument into an `Mcp-Param-*` header. */
const headerAnnotation = 'x-mcp-header';
const regionHeader = 'Region';

/** The tools' annotated arguments (argument → header): what the server checks the mirrored headers against. */
export const toolHeaderParams: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  region_report: { region: regionHeader },
};

export function registerTools(server: McpServer): void {
  server.registerTool(
    'echo_headers',
    {
      description: 'Returns the headers the request to this tool server carried, and its trace context.',
      inputSchema: { note: z.string().optional() },
    },
    (_args, extra) => {
      const received = reportedHeaders(extra.requestInfo?.headers);
      const trace = receivedTraceContext(extra.requestInfo?.headers, extra._meta);
      return text({
        tool: 'echo_headers',
        count: Object.keys(received).length,
        received_headers: received,
        ...(Object.keys(trace).length > 0 ? { trace_context: trace } : {}),
      });
    },
  );
  server.registerTool(
    'leaky_echo',
    {
      description:
        'A careless tool for the masking demo: reports every X-* header it received as is, base64, URL-safe base64, percent-encoded, inside Basic auth and Markdown-escaped.',
      inputSchema: { note: z.string().optional() },
    },
    (_args, extra) => text(leakyReport(receivedXHeaders(extra.requestInfo?.headers))),
  );
  server.registerTool(
    'tenant_records',
    {
      description: 'Returns the records of the tenant named by the X-Tenant-ID header.',
      inputSchema: { query: z.string().optional() },
    },
    (_args, extra) => {
      const received = receivedXHeaders(extra.requestInfo?.headers);
      const tenant = received['x-tenant-id']?.trim().toLowerCase();
      if (!tenant) {
        return text(
          {
            tool: 'tenant_records',
            error: 'X-Tenant-ID header is missing: the tool server cannot tell which tenant’s records to return.',
            received_headers: reportedHeaders(extra.requestInfo?.headers),
          },
          true,
        );
      }
      const data = tenants[tenant];
      return text({
        tool: 'tenant_records',
        tenant,
        company: data?.company ?? null,
        records: data?.records ?? [],
        ...(data ? {} : { note: `No tenant “${tenant}” here; known: ${Object.keys(tenants).join(', ')}.` }),
        received_headers: reportedHeaders(extra.requestInfo?.headers),
      });
    },
  );
  server.registerTool(
    'slow_task',
    {
      description: 'Works for `ms` milliseconds (at most 600000), then reports how long it worked.',
      inputSchema: { ms: z.number().int().min(0).max(600_000) },
    },
    async ({ ms }, extra) => {
      const token = extra._meta?.progressToken;
      const started = Date.now();
      // Progress every 20 s keeps the HTTP exchange with the API alive through long work (fetch's 300 s timeouts).
      const ticker =
        token === undefined
          ? undefined
          : setInterval(() => {
              void extra
                .sendNotification({
                  method: 'notifications/progress',
                  params: { progressToken: token, progress: Date.now() - started, total: ms },
                })
                .catch(() => undefined);
            }, 20_000);
      try {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          extra.signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
        });
      } finally {
        clearInterval(ticker);
      }
      return text({
        tool: 'slow_task',
        worked_ms: Date.now() - started,
        received_headers: reportedHeaders(extra.requestInfo?.headers),
      });
    },
  );
  server.registerTool(
    'list_records',
    {
      description: 'Lists the rows of a table (customers, orders, invoices). Reads only.',
      inputSchema: { table: z.string() },
    },
    ({ table }) => {
      const rows = recordTables[table];
      if (!rows) return text({ tool: 'list_records', error: `No table “${table}”.` }, true);
      return text({ tool: 'list_records', table, count: rows.length, records: rows });
    },
  );
  server.registerTool(
    'delete_records',
    {
      description:
        'Deletes rows of a table by id (pretends: reports what it removed, keeps the data for the next demo).',
      inputSchema: { table: z.string(), ids: z.array(z.string()) },
    },
    ({ table, ids }) => {
      const rows = recordTables[table];
      if (!rows) return text({ tool: 'delete_records', error: `No table “${table}”.` }, true);
      const deleted = rows.filter((row) => ids.includes(row.id)).map((row) => row.id);
      const missing = ids.filter((id) => !deleted.includes(id));
      return text({
        tool: 'delete_records',
        table,
        deleted,
        missing,
        summary: `Deleted ${deleted.length} records from ${table}.`,
      });
    },
  );
  server.registerTool(
    'region_report',
    {
      description:
        'Reports the service status of one region. Its `region` argument is annotated `x-mcp-header: Region`, so a 2026-07-28 client mirrors it as Mcp-Param-Region.',
      inputSchema: { region: z.string().meta({ [headerAnnotation]: regionHeader }) },
    },
    ({ region }, extra) =>
      text({
        tool: 'region_report',
        region,
        status: `All services in ${region} are running.`,
        received_headers: reportedHeaders(extra.requestInfo?.headers),
      }),
  );
  server.registerTool(
    'whoami',
    {
      description: 'Reports the end user and role the request was made for (X-End-User-ID, X-User-Role).',
      inputSchema: {},
    },
    (_args, extra) => {
      const received = receivedXHeaders(extra.requestInfo?.headers);
      return text({
        tool: 'whoami',
        end_user_id: received['x-end-user-id'] ?? null,
        user_role: received['x-user-role'] ?? null,
        received_headers: reportedHeaders(extra.requestInfo?.headers),
      });
    },
  );
}
