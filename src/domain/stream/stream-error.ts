import { readErrorBody } from '@/domain/errors/api-error';

/**
 * An error the server sent inside a stream that had already opened with 200: an `{"error": …}` object, a
 * FastAPI `{"detail": …}`, an SSE `event: error`, or an SSE event of a type this console does not know.
 */
export interface StreamError {
  message: string;
  code?: string;
  details?: unknown;
  /** `unreadable-chunk`: the console could not fold a chunk into the answer and stopped reading that stream. */
  source: 'error-object' | 'detail' | 'sse-error-event' | 'unknown-event' | 'unreadable-chunk';
}

// Error texts come from servers and proxies: keep them readable, never let one fill the screen.
const maxMessageChars = 500;
const clip = (text: string): string => (text.length > maxMessageChars ? `${text.slice(0, maxMessageChars)}…` : text);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a decoded JSON value as an error body, when it is one (`error` or `detail` set); else null. */
export function toStreamError(
  value: unknown,
  source: 'error-object' | 'sse-error-event' = 'error-object',
): StreamError | null {
  if (!isRecord(value)) return null;
  const hasError = value.error !== undefined && value.error !== null;
  const hasDetail = value.detail !== undefined && value.detail !== null;
  if (!hasError && !hasDetail) return null;
  const body = readErrorBody(value);
  const message = body.message ?? (hasError ? JSON.stringify(value.error) : JSON.stringify(value.detail));
  return {
    message: clip(message),
    ...(body.code ? { code: body.code } : {}),
    ...(body.details !== undefined ? { details: body.details } : {}),
    source: hasError || source === 'sse-error-event' ? source : 'detail',
  };
}

/** An SSE `event: error`: its data may be an error body, another JSON value with a message, or plain text. */
export function sseErrorEvent(data: string): StreamError {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return {
      message: clip(data.trim() || 'The server reported an error without a message.'),
      source: 'sse-error-event',
    };
  }
  const fromBody = toStreamError(value, 'sse-error-event');
  if (fromBody) return fromBody;
  const message =
    isRecord(value) && typeof value.message === 'string'
      ? value.message
      : typeof value === 'string'
        ? value
        : data.trim();
  return { message: clip(message || 'The server reported an error without a message.'), source: 'sse-error-event' };
}

/** An SSE event of a type the console does not know: reported with its type and (clipped) data, never guessed at. */
export function unknownSseEvent(type: string, data: string): StreamError {
  return {
    message: clip(`The server sent an event of unknown type "${clip(type)}": ${data.trim()}`),
    source: 'unknown-event',
  };
}
