/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header an OpenTelemetry backend finds a
 * call under. Pure: random bytes come from the caller, so the ids here are the same in the browser and in tests.
 */
export interface TraceContext {
  /** 32 lowercase hex digits, not all zeros. */
  traceId: string;
  /** 16 lowercase hex digits, not all zeros: the caller's span, the parent of whatever the server does. */
  spanId: string;
  sampled: boolean;
}

const traceIdPattern = /^[0-9a-f]{32}$/;
const spanIdPattern = /^[0-9a-f]{16}$/;
const allZeros = /^0+$/;

export const isTraceId = (id: string): boolean => traceIdPattern.test(id) && !allZeros.test(id);
export const isSpanId = (id: string): boolean => spanIdPattern.test(id) && !allZeros.test(id);

const hex = (bytes: Uint8Array): string => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** All zeros means "no id" in Trace Context: the one such value is nudged, randomness is otherwise kept. */
const nonZero = (id: string): string => (allZeros.test(id) ? `${id.slice(0, -1)}1` : id);

/** A trace id from 16 random bytes. */
export function traceIdFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError('A trace id takes 16 bytes');
  return nonZero(hex(bytes));
}

/** A span id from 8 random bytes. */
export function spanIdFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 8) throw new RangeError('A span id takes 8 bytes');
  return nonZero(hex(bytes));
}

/**
 * The trace id of everything done for one subject (a turn, a run): the same after a reload, so a re-attach or a
 * resume joins the trace its turn started. cyrb128 (public domain): four 32-bit lanes, 128 bits of spread.
 */
export function traceIdFor(subject: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < subject.length; index += 1) {
    const code = subject.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return nonZero([h1, h2, h3, h4].map((lane) => (lane >>> 0).toString(16).padStart(8, '0')).join(''));
}

/** The header value: version 00, sampled unless told. */
export const formatTraceparent = ({ traceId, spanId, sampled }: TraceContext): string =>
  `00-${traceId}-${spanId}-${sampled ? '01' : '00'}`;

/** A `traceparent` read as version 00 defines it, or null when it is not one (a receiver then starts a new trace). */
export function parseTraceparent(value: string | null | undefined): TraceContext | null {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const [, traceId = '', spanId = '', flags = '00'] = match;
  if (!isTraceId(traceId) || !isSpanId(spanId)) return null;
  return { traceId, spanId, sampled: (Number.parseInt(flags, 16) & 1) === 1 };
}
