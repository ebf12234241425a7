import type { ThoughtNode } from '@/domain/thoughts/thought-tree';
import { parseTraceparent } from '@/domain/trace/trace-context';
import { isStrippedName } from './header-rules';
import { provenanceOf, spelledName, type Provenance, type ProvenanceContext, type Setter } from './header-provenance';
import { secretMask } from './secrets';
import { decodedSentinel } from './mcp-headers';

export type ProofStatus =
  | 'forwarded'
  | 'continued'
  | 'changed'
  | 'stripped'
  | 'not-received'
  | 'not-sent'
  | 'unverified'
  | 'added'
  | 'received-only';

export interface ProofRow {
  name: string;
  sent?: string;
  received?: string;
  status: ProofStatus;
  reason: string;
  /** Who put the header there (for a header that never arrived: who set it on the way out). */
  setBy: Provenance;
  /** What a received base64 sentinel (`=?base64?…?=`, MCP 2026-07-28) stands for, shown beside its wire form. */
  decoded?: string;
}

/** Received header values by lowercased name. */
export type ReceivedHeaders = Readonly<Record<string, string>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  // Tool outputs are JSON, sometimes inside a code fence or after a line of prose.
  for (const candidate of [trimmed, trimmed.slice(start, end + 1)]) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (isRecord(parsed)) return parsed;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

function reportedIn(text: string): ReceivedHeaders | null {
  if (!text.includes('received_headers')) return null;
  const report = parseObject(text)?.['received_headers'];
  if (!isRecord(report)) return null;
  return Object.fromEntries(
    Object.entries(report).flatMap(([name, value]) => (typeof value === 'string' ? [[name.toLowerCase(), value]] : [])),
  );
}

/**
 * What the tool server said it received, from the tool thoughts whose output carries `received_headers`
 * (the local platform's tools do; so can any tool built to prove propagation). Null when no tool reported.
 */
export function receivedHeadersFrom(roots: readonly ThoughtNode[]): ReceivedHeaders | null {
  const messages: string[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as ThoughtNode;
    messages.push(node.message);
    for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index] as ThoughtNode);
  }
  return receivedHeadersIn(messages);
}

/** The same report read from plain texts, such as the outputs of a workflow's states. Null when none has one. */
export function receivedHeadersIn(texts: readonly string[]): ReceivedHeaders | null {
  let merged: Record<string, string> | null = null;
  for (const text of texts) {
    const report = reportedIn(text);
    if (report) merged = { ...(merged ?? {}), ...report };
  }
  return merged;
}

export interface ProofInput {
  /** Secret values come masked; what arrived under a secret name is shown masked too. */
  sent: readonly {
    name: string;
    value: string;
    /** The value as typed, templates included. */
    template?: string | undefined;
    stripped?: boolean;
    secret?: boolean | undefined;
  }[];
  /** Enabled headers not sent because forwarding was off. */
  notSent: readonly string[];
  received: ReceivedHeaders | null;
  /** The X-Request-ID the console itself sent with the call (not a profile's header, but forwarded like one). */
  requestId?: string | undefined;
  /** The trace of the `traceparent` the console sent with the call. */
  traceId?: string | undefined;
  profileName?: string | null | undefined;
  /** The arguments of the answer's tool calls (what MCP's `Mcp-Param-*` headers mirror). */
  toolArgs?: readonly Readonly<Record<string, unknown>>[] | undefined;
}

/** Sent against received, one row per header name, each with its verdict and the reason for it. */
export function headerProof(input: ProofInput): ProofRow[] {
  const { sent, notSent, received, requestId } = input;
  const rows: ProofRow[] = [];
  const seen = new Set<string>();
  const arrived = (name: string) => received?.[name.toLowerCase()];
  const context: ProvenanceContext = {
    sent,
    requestId,
    traceId: input.traceId,
    profileName: input.profileName,
    toolArgs: input.toolArgs,
  };
  const setBy = (name: string) => provenanceOf(name, arrived(name), context);
  const ownId = requestId !== undefined && !sent.some((header) => header.name.toLowerCase() === 'x-request-id');
  for (const header of sent) {
    const key = header.name.toLowerCase();
    seen.add(key);
    const got = arrived(header.name);
    // An echoed secret is masked in the text already when it is the value sent; any other value under its name too.
    const shown = header.secret === true && got !== undefined ? secretMask : got;
    const base = {
      name: header.name,
      sent: header.value,
      ...(shown !== undefined ? { received: shown } : {}),
      setBy: setBy(header.name),
    };
    if (header.stripped ?? isStrippedName(header.name)) {
      rows.push(
        got === undefined
          ? {
              ...base,
              status: 'stripped',
              reason: 'Platforms drop this name before calling tools, whatever the console sends.',
            }
          : { ...base, status: 'forwarded', reason: 'Arrived although platforms normally strip this name.' },
      );
    } else if (received === null) {
      rows.push({ ...base, status: 'unverified', reason: 'No tool in this answer reported what it received.' });
    } else if (got === undefined) {
      rows.push({
        ...base,
        status: 'not-received',
        reason: 'The tool server’s request did not carry it: the platform did not forward it.',
      });
    } else if (got === header.value) {
      rows.push({ ...base, status: 'forwarded', reason: 'Arrived at the tool server as sent.' });
    } else {
      rows.push({ ...base, status: 'changed', reason: 'Arrived with another value than the console sent.' });
    }
  }
  for (const name of notSent) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const got = arrived(name);
    rows.push({
      name,
      ...(got !== undefined ? { received: got } : {}),
      status: 'not-sent',
      reason: 'Forwarding was off: the console did not send it.',
      setBy: { by: 'you', detail: input.profileName ? `profile “${input.profileName}”` : 'your headers' },
    });
  }
  if (ownId && received !== null) {
    seen.add('x-request-id');
    const got = arrived('X-Request-ID');
    const base = {
      name: 'X-Request-ID',
      sent: requestId,
      ...(got !== undefined ? { received: got } : {}),
      setBy: setBy('X-Request-ID'),
    };
    if (got === requestId)
      rows.push({ ...base, status: 'forwarded', reason: 'The console’s request id, forwarded like any X-* header.' });
    else if (got !== undefined)
      rows.push({ ...base, status: 'changed', reason: 'The console’s request id arrived with another value.' });
  }
  if (input.traceId !== undefined && received !== null && !seen.has('traceparent')) {
    seen.add('traceparent');
    rows.push(traceRow(input.traceId, arrived('traceparent'), setBy('traceparent')));
  }
  for (const [name, value] of Object.entries(received ?? {})) {
    if (seen.has(name)) continue;
    const provenance = setBy(name);
    const decoded = decodedSentinel(value);
    rows.push({
      name: spelledName(name),
      received: value,
      ...(decoded !== null ? { decoded } : {}),
      ...(provenance.by === 'unknown'
        ? {
            status: 'received-only',
            reason: 'Arrived without the console sending it (added by the platform or a proxy).',
          }
        : { status: 'added', reason: `Added on the way by ${setterWords[provenance.by]}.` }),
      setBy: provenance,
    });
  }
  return rows;
}

/** Who each setter is, in a sentence. */
export const setterWords: Readonly<Record<Setter, string>> = {
  you: 'you',
  console: 'the console',
  platform: 'the platform',
  'mcp-client': 'the MCP client',
  unknown: 'someone on the way',
};

// The console's trace, as it reached the tool: W3C Trace Context has every hop put its own span in, so the trace id
// is what must survive, not the whole value. Sent shows the trace id: the part of the console's value that is checked.
function traceRow(traceId: string, got: string | undefined, setBy: Provenance): ProofRow {
  const base = { name: 'traceparent', sent: traceId, ...(got !== undefined ? { received: got } : {}), setBy };
  if (got === undefined)
    return {
      ...base,
      status: 'stripped',
      reason: 'The platform did not pass the trace on to the tool server (real servers forward X-* headers only).',
    };
  if (parseTraceparent(got)?.traceId === traceId)
    return {
      ...base,
      status: 'continued',
      reason: 'The console’s trace arrived, under a span of the platform’s own, as W3C Trace Context asks of a hop.',
    };
  return {
    ...base,
    status: 'changed',
    reason: 'Arrived in another trace: the platform did not continue the console’s.',
  };
}

/** One line for the whole proof: every header arrived as sent, or how many did not; and what was added on the way. */
export function proofSummary(rows: readonly ProofRow[]): string {
  const arrived = rows.filter((row) => row.status === 'forwarded' || row.status === 'continued').length;
  const expected = rows.filter((row) => row.status === 'stripped' || row.status === 'not-sent').length;
  const added = rows.filter((row) => row.status === 'added');
  const other = rows.length - arrived - expected - added.length;
  const setters = [...new Set(added.map((row) => setterWords[row.setBy.by]))];
  const more =
    added.length > 0
      ? ` ${added.length} more ${added.length === 1 ? 'was' : 'were'} added on the way by ${setters.join(' and ')}.`
      : '';
  if (arrived > 0 && other === 0 && expected === 0)
    return `All ${arrived === 1 ? 'the header' : `${arrived} headers`} arrived at the tool server as sent.${more}`;
  const parts = [`${arrived} arrived as sent`];
  if (expected > 0) parts.push(`${expected} held back as expected`);
  if (other > 0) parts.push(`${other} to look at`);
  return `${parts.join(', ')}.${more}`;
}

/** What the closed panel's one line says of the proof: all arrived, or what to look at; "" when none was checked. */
export function proofVerdict(rows: readonly ProofRow[]): { text: string; toLookAt: boolean } {
  const arrived = rows.filter((row) => row.status === 'forwarded' || row.status === 'continued').length;
  const lookAt = rows.filter(
    (row) => row.status === 'changed' || row.status === 'not-received' || row.status === 'received-only',
  ).length;
  const heldBack = rows.filter((row) => row.status === 'stripped' || row.status === 'not-sent').length;
  const parts: string[] = [];
  if (lookAt > 0) parts.push(`${lookAt} to look at`);
  if (arrived > 0) parts.push(lookAt === 0 && heldBack === 0 ? 'all arrived as sent' : `${arrived} arrived`);
  if (heldBack > 0) parts.push(`${heldBack} held back`);
  return { text: parts.join(', '), toLookAt: lookAt > 0 };
}
