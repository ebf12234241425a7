import type { Answer } from '@/domain/answer/answer';
import type { AnswerUpdate } from '@/domain/answer/answer-update';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import type { StreamError } from '@/domain/stream/stream-error';
import type { ChunkReads } from '@/domain/stream/stream-health';
import type { AssistantAnswer } from '@/api/schemas';

// The words every stream reader and its callers share, apart from the readers, so no two of them import each other.

/** closed: the server ended the stream; broken: the connection failed after it opened; aborted: Stop. */
export type StreamEnd = 'closed' | 'broken' | 'aborted';

/** An assistant answer may also end stalled: no byte came for the client's idle timeout, so it gave up. */
export type AnswerStreamEnd = StreamEnd | 'stalled';

export type StreamWire = 'sse' | 'ndjson' | 'json';

interface OpenedHandlers {
  onOpen?(info: { requestId?: string; traceId?: string; contentType: string; wire: StreamWire }): void;
  /** The answer came as one JSON body (before its chunks are handed over): what only that body tells. */
  onAnswer?(answer: AssistantAnswer): void;
}

/** Every chunk on its own, as it arrived: a workflow run's stream, whose chunks the run's own reducer folds. */
export interface ChunkHandlers extends OpenedHandlers {
  /** `receivedAt` (Date.now clock): when the chunk arrived, if it was read off the page and handed over later. */
  onChunk(chunk: StreamChunk, receivedAt?: number): void;
  /** A piece that was not a readable chunk; the stream goes on. */
  onMalformed(raw: string, receivedAt?: number): void;
  fold?: never;
}

/**
 * An answer's chunks folded where they are read (chunk-folder.ts, in the stream worker, or on the page for a JSON
 * body) into the answer `from()` gave when reading began: one update per batch, the one place a chunk field is added.
 */
export interface FoldHandlers extends OpenedHandlers {
  fold: { from(): Answer; onFolded(batch: FoldedChunks): void };
  onChunk?: never;
  onMalformed?: never;
}

export type StreamHandlers = ChunkHandlers | FoldHandlers;

/** Chunks read together and folded into the answer: what they changed, and what the page needs to know of them. */
export interface FoldedChunks {
  update: AnswerUpdate;
  /** Every chunk and unreadable piece, with when it arrived (for the stream's health). */
  reads: ChunkReads;
  /** How many of them were readable chunks. */
  chunks: number;
  /** The first error the server sent inside these chunks. */
  serverError?: StreamError;
  /** One of them was a `last` chunk. */
  last?: true;
  /** One of them had the keys only current servers send. */
  currentServer?: true;
}
