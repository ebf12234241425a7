// W3C Trace Context as a traced server keeps it: the caller's `traceparent` is the parent of the request's own span
// (a fresh span id); without a valid one the request starts a trace of its own. The console's ids are read the way
// src/domain/trace/trace-context.ts writes them (duplicated on purpose: platform/ never imports src/; the contract
// tests pin both ends).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface RequestTrace {
  traceId: string;
  /** This request's span: the parent of whatever it calls (the MCP tool server). */
  spanId: string;
  /** The caller's span, when it sent a valid traceparent. */
  parentSpanId: string | null;
  sampled: boolean;
}

const traces = new WeakMap<IncomingMessage, RequestTrace>();
const allZeros = /^0+$/;

const freshId = (bytes: number): string => {
  const id = randomBytes(bytes).toString('hex');
  return allZeros.test(id) ? `${id.slice(0, -1)}1` : id;
};

/** A version-00 traceparent's parts, or null for anything else (a receiver then restarts the trace). */
export function parseTraceparent(
  value: string | string[] | undefined,
): { traceId: string; spanId: string; sampled: boolean } | null {
  const first = Array.isArray(value) ? value[0] : value;
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(first?.trim() ?? '');
  if (!match) return null;
  const [, traceId = '', spanId = '', flags = '00'] = match;
  if (allZeros.test(traceId) || allZeros.test(spanId)) return null;
  return { traceId, spanId, sampled: (Number.parseInt(flags, 16) & 1) === 1 };
}

/** The same trace and span for everything done on one request. */
export function traceOf(req: IncomingMessage): RequestTrace {
  const known = traces.get(req);
  if (known) return known;
  const incoming = parseTraceparent(req.headers.traceparent);
  const trace: RequestTrace = {
    traceId: incoming?.traceId ?? freshId(16),
    spanId: freshId(8),
    parentSpanId: incoming?.spanId ?? null,
    sampled: incoming?.sampled ?? true,
  };
  traces.set(req, trace);
  return trace;
}

/** The traceparent the request's outgoing calls carry: its trace, with its own span as their parent. */
export function outgoingTraceparent(req: IncomingMessage): string {
  const { traceId, spanId, sampled } = traceOf(req);
  return `00-${traceId}-${spanId}-${sampled ? '01' : '00'}`;
}
