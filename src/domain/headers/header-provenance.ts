// Who put a header on the tool server's request. Decided by what arrived and what the console itself sent, never by
// a server's version: a server that passes nothing on gets nothing claimed for it.
import { parseTraceparent } from '@/domain/trace/trace-context';
import { isStrippedName } from './header-rules';
import { isMcpParam, mcpParamSpelling, mirroredArgument } from './mcp-headers';
import { secretMask } from './secrets';
import { placeholdersIn } from './templates';

export type Setter = 'you' | 'console' | 'platform' | 'mcp-client' | 'unknown';

export interface Provenance {
  by: Setter;
  /** In words, for the row: which profile row or template, which part of MCP, whose trace. */
  detail: string;
}

/** One header of the profile as the console sent it: the value typed (templates included) and what it became. */
export interface SentByYou {
  name: string;
  value: string;
  template?: string | undefined;
  secret?: boolean | undefined;
}

export interface ProvenanceContext {
  /** The profile the headers came from; null when none was named. */
  profileName?: string | null | undefined;
  sent: readonly SentByYou[];
  /** The X-Request-ID the console set on the call itself (not a profile's). */
  requestId?: string | undefined;
  /** The trace of the call's `traceparent`, when the console sent one. */
  traceId?: string | undefined;
  /** The arguments of the answer's tool calls: what an `Mcp-Param-*` header mirrors. */
  toolArgs?: readonly Readonly<Record<string, unknown>>[] | undefined;
}

/** MCP 2026-07-28's standard headers, which an MCP client sets on every request to a tool server. */
const mcpClientHeaders: Readonly<Record<string, string>> = {
  'mcp-method': 'the JSON-RPC method of the request',
  'mcp-name': 'the tool, prompt or resource the request names',
  'mcp-protocol-version': 'the MCP version in use',
  'mcp-session-id': 'the session an older tool server gave (MCP before 2026-07-28; 2026-07-28 has no sessions)',
};

const mcpSpelling: Readonly<Record<string, string>> = {
  'mcp-method': 'Mcp-Method',
  'mcp-name': 'Mcp-Name',
  'mcp-protocol-version': 'MCP-Protocol-Version',
  'mcp-session-id': 'Mcp-Session-Id',
};

/** A received name as its specification spells it (reports lowercase them): MCP's own; others as they came. */
export const spelledName = (name: string): string =>
  mcpSpelling[name.toLowerCase()] ?? (isMcpParam(name) ? mcpParamSpelling(name) : name);

const short = (id: string) => `${id.slice(0, 8)}…`;

function fromProfile(header: SentByYou, profileName: string | null | undefined): Provenance {
  const where = profileName ? `profile “${profileName}”` : 'your headers';
  const template = header.template;
  // What matters most comes first (a narrow cell cuts the end on screen): the template and what it became.
  // A secret's template is masked where it is kept: the row says no more than that it is yours.
  if (
    header.secret !== true &&
    template !== undefined &&
    template !== secretMask &&
    placeholdersIn(template).length > 0
  )
    return { by: 'you', detail: `template ${template} → ${header.value}, ${where}` };
  return { by: 'you', detail: `${where}, row ${header.name}` };
}

function ofTraceparent(received: string | undefined, traceId: string | undefined): Provenance {
  if (received === undefined)
    return traceId
      ? { by: 'console', detail: `trace ${short(traceId)} of this call` }
      : { by: 'unknown', detail: 'no trace context arrived' };
  const arrived = parseTraceparent(received);
  if (!arrived) return { by: 'unknown', detail: 'not a valid W3C traceparent, so no one’s trace' };
  if (traceId !== undefined && arrived.traceId === traceId)
    return {
      by: 'console',
      detail: `trace ${short(traceId)} of this call, passed on by the platform under a span of its own`,
    };
  return traceId
    ? { by: 'platform', detail: `a trace of the platform’s own: the console’s (${short(traceId)}) did not reach it` }
    : { by: 'platform', detail: 'a trace the platform started: the console sent none' };
}

/** Who set one header, by its name, the value that arrived (if any) and what the console sent. */
export function provenanceOf(name: string, received: string | undefined, context: ProvenanceContext): Provenance {
  const key = name.toLowerCase();
  const mine = context.sent.find((header) => header.name.toLowerCase() === key);
  if (mine) return fromProfile(mine, context.profileName);
  if (key === 'x-request-id' && context.requestId !== undefined)
    return received === undefined || received === context.requestId
      ? { by: 'console', detail: 'the request id of this call' }
      : { by: 'unknown', detail: 'not the request id the console sent: replaced on the way' };
  if (key === 'traceparent') return ofTraceparent(received, context.traceId);
  const mcp = mcpClientHeaders[key];
  if (key === 'mcp-session-id') return { by: 'mcp-client', detail: mcp ?? '' };
  if (mcp !== undefined) return { by: 'mcp-client', detail: `${mcp} (the platform’s MCP client, MCP 2026-07-28)` };
  if (isMcpParam(key)) {
    const argument = mirroredArgument(received, context.toolArgs ?? []);
    const header = mcpParamSpelling(key).slice('Mcp-Param-'.length);
    return {
      by: 'mcp-client',
      detail: argument
        ? `from argument “${argument}” of the tool call (annotated x-mcp-header: ${header}; the platform’s MCP client, MCP 2026-07-28)`
        : `a tool argument annotated x-mcp-header: ${header} (the platform’s MCP client, MCP 2026-07-28)`,
    };
  }
  // Platforms drop these names from the caller's request, so one that arrives anyway is a hop's own (a credential).
  if (isStrippedName(key))
    return { by: 'platform', detail: 'the platform’s own: it drops this name from what callers send' };
  return { by: 'unknown', detail: 'arrived without the console sending it: a platform or a proxy on the way added it' };
}
