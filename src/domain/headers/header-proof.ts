import type { ThoughtNode } from '@/domain/thoughts/thought-tree';
import { isStrippedName } from './header-rules';
import { secretMask } from './secrets';

export type ProofStatus =
  'forwarded' | 'changed' | 'stripped' | 'not-received' | 'not-sent' | 'unverified' | 'received-only';

export interface ProofRow {
  name: string;
  sent?: string;
  received?: string;
  status: ProofStatus;
  reason: string;
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
  sent: readonly { name: string; value: string; stripped?: boolean; secret?: boolean | undefined }[];
  /** Enabled headers not sent because forwarding was off. */
  notSent: readonly string[];
  received: ReceivedHeaders | null;
  /** The X-Request-ID the console itself sent with the call (not a profile's header, but forwarded like one). */
  requestId?: string | undefined;
}

/** Sent against received, one row per header name, each with its verdict and the reason for it. */
export function headerProof({ sent, notSent, received, requestId }: ProofInput): ProofRow[] {
  const rows: ProofRow[] = [];
  const seen = new Set<string>();
  const arrived = (name: string) => received?.[name.toLowerCase()];
  const ownId = requestId !== undefined && !sent.some((header) => header.name.toLowerCase() === 'x-request-id');
  for (const header of sent) {
    const key = header.name.toLowerCase();
    seen.add(key);
    const got = arrived(header.name);
    // An echoed secret is masked in the text already when it is the value sent; any other value under its name too.
    const shown = header.secret === true && got !== undefined ? secretMask : got;
    const base = { name: header.name, sent: header.value, ...(shown !== undefined ? { received: shown } : {}) };
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
    });
  }
  if (ownId && received !== null) {
    seen.add('x-request-id');
    const got = arrived('X-Request-ID');
    const base = { name: 'X-Request-ID', sent: requestId, ...(got !== undefined ? { received: got } : {}) };
    if (got === requestId)
      rows.push({ ...base, status: 'forwarded', reason: 'The console’s request id, forwarded like any X-* header.' });
    else if (got !== undefined)
      rows.push({ ...base, status: 'changed', reason: 'The console’s request id arrived with another value.' });
  }
  for (const [name, value] of Object.entries(received ?? {})) {
    if (seen.has(name)) continue;
    rows.push({
      name,
      received: value,
      status: 'received-only',
      reason: 'Arrived without the console sending it (added by the platform or a proxy).',
    });
  }
  return rows;
}

/** One line for the whole proof: every header arrived as sent, or how many did not. */
export function proofSummary(rows: readonly ProofRow[]): string {
  const arrived = rows.filter((row) => row.status === 'forwarded').length;
  const expected = rows.filter((row) => row.status === 'stripped' || row.status === 'not-sent').length;
  const other = rows.length - arrived - expected;
  if (rows.length > 0 && other === 0 && expected === 0)
    return `All ${arrived === 1 ? 'the header' : `${arrived} headers`} arrived at the tool server as sent.`;
  const parts = [`${arrived} arrived as sent`];
  if (expected > 0) parts.push(`${expected} held back as expected`);
  if (other > 0) parts.push(`${other} to look at`);
  return `${parts.join(', ')}.`;
}
