import { formatTraceparent, spanIdFromBytes, traceIdFor, traceIdFromBytes } from '@/domain/trace/trace-context';

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/**
 * The trace a call joins: its subject's (one turn's or one run's calls share a trace, even after a reload), else one
 * of its own.
 */
export const traceIdOfCall = (subject: string | undefined): string =>
  subject ? traceIdFor(subject) : traceIdFromBytes(randomBytes(16));

/** A `traceparent` for one request of a trace: a fresh span id each time (a retry is another span). */
export function newTraceparent(traceId: string): { traceparent: string; spanId: string } {
  const spanId = spanIdFromBytes(randomBytes(8));
  return { traceparent: formatTraceparent({ traceId, spanId, sampled: true }), spanId };
}

/** Trace context for one request of a subject's trace (or a trace of its own). */
export function traceContextFor(subject?: string): { traceparent: string; traceId: string; spanId: string } {
  const traceId = traceIdOfCall(subject);
  return { ...newTraceparent(traceId), traceId };
}
