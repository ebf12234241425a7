import type { RequestLogEntry } from '@/api/client/request-log';

/** A call's phases in milliseconds from its start; a phase the call has not reached (or did not have) is undefined. */
export interface CallTiming {
  firstByte: number | undefined;
  firstChunk: number | undefined;
  /** From the first chunk to the last. */
  stream: number | undefined;
  total: number | undefined;
}

export function callTiming(entry: RequestLogEntry): CallTiming {
  const chunks = entry.stream?.chunks ?? [];
  const first = chunks[0]?.at;
  const last = chunks[chunks.length - 1]?.at;
  return {
    firstByte: entry.respondedMs,
    firstChunk: first,
    stream: first !== undefined && last !== undefined ? last - first : undefined,
    total: entry.durationMs,
  };
}
