import type { StreamChunk } from '@/domain/stream/stream-chunk';
import type { AssistantAnswer } from '@/api/schemas';

// The words every stream reader and its callers share, apart from the readers, so no two of them import each other.

/** closed: the server ended the stream; broken: the connection failed after it opened; aborted: Stop. */
export type StreamEnd = 'closed' | 'broken' | 'aborted';

/** An assistant answer may also end stalled: no byte came for the client's idle timeout, so it gave up. */
export type AnswerStreamEnd = StreamEnd | 'stalled';

export type StreamWire = 'sse' | 'ndjson' | 'json';

export interface StreamHandlers {
  onOpen?(info: { requestId?: string; traceId?: string; contentType: string; wire: StreamWire }): void;
  /** `receivedAt` (Date.now clock): when the chunk arrived, if it was read off the page and handed over later. */
  onChunk(chunk: StreamChunk, receivedAt?: number): void;
  /** A piece that was not a readable chunk; the stream goes on. */
  onMalformed(raw: string, receivedAt?: number): void;
  /** The answer came as one JSON body (before its chunks are handed over): what only that body tells. */
  onAnswer?(answer: AssistantAnswer): void;
}
