import { ApiError } from '@/domain/errors/api-error';
import { toStreamChunk, type restoreDeployedBraces, type StreamChunk } from '@/domain/stream/stream-chunk';
import { sseErrorEvent, unknownSseEvent, type StreamError } from '@/domain/stream/stream-error';
import type { AnswerStreamEnd, ChunkHandlers, StreamHandlers } from './stream-types';

interface ServerErrorWatch<H> {
  handlers: H;
  failure(end: AnswerStreamEnd): ApiError | null;
}
import type { LoggedCall } from '@/api/client/request-log';

export interface ChunkSink {
  onChunk(chunk: StreamChunk): void;
  /** A piece that was not a readable chunk; the stream goes on. */
  onMalformed(raw: string): void;
}

/** Where a piece is recorded as it arrives (the request log, or the stream worker's next update). */
export type ChunkLog = Pick<LoggedCall, 'chunk'>;

/**
 * A chunk bigger than this is not parsed: it is skipped and counted like any unreadable piece. Parsing a
 * string this large would freeze the page for seconds and hold it in memory several times over.
 */
export const maxChunkChars = 16 * 1024 * 1024;

// What the turn's warning and the log keep of a skipped piece: enough to recognise it, never megabytes.
const excerpt = (text: string): string =>
  text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;

/**
 * Reads one piece of a stream into a chunk and hands it over. Anything that goes wrong while reading it (bad
 * JSON, a thought nested too deep, a piece too large, even a stack overflow in the parser's reviver) costs that
 * piece only: it is counted as unreadable and the answer goes on.
 */
export function deliverPiece(
  text: string,
  sink: ChunkSink,
  log: ChunkLog | undefined,
  reviver?: typeof restoreDeployedBraces,
): void {
  if (text.length > maxChunkChars) {
    log?.chunk(excerpt(text), true);
    return sink.onMalformed(excerpt(text));
  }
  log?.chunk(text);
  let chunk: StreamChunk | undefined;
  try {
    chunk = toStreamChunk(JSON.parse(text, reviver));
  } catch {
    return sink.onMalformed(excerpt(text));
  }
  if (!chunk) return sink.onMalformed(excerpt(text));
  // A chunk with some unreadable fields still delivers the rest, and still counts as a warning.
  if (chunk.invalidFields) sink.onMalformed(excerpt(text));
  sink.onChunk(chunk);
}

const errorChunk = (serverError: StreamError): StreamChunk => ({ serverError });

/**
 * One SSE event by its type: default (`message`) events carry chunks; `event: error` carries the server's
 * error; any other type is reported as an error naming it rather than guessed at. A named event with no data
 * (a keep-alive) is ignored.
 */
export function deliverSseEvent(event: string, data: string, sink: ChunkSink, log: ChunkLog | undefined): void {
  if (event === '' || event === 'message') {
    if (data.trim() !== '') deliverPiece(data, sink, log);
    return;
  }
  if (event !== 'error' && data.trim() === '') return;
  log?.chunk(`event: ${event}\ndata: ${data}`);
  sink.onChunk(errorChunk(event === 'error' ? sseErrorEvent(data) : unknownSseEvent(event, data)));
}

/**
 * Watches an assistant answer for errors sent inside the stream. After the stream ends, `failure` says whether
 * the turn failed: an in-stream error with no `last` chunk means the server gave up, in its own words. With a
 * `last` chunk the answer stands, and its errors are shown on it (completed with errors).
 */
export function watchServerErrors(handlers: ChunkHandlers): ServerErrorWatch<ChunkHandlers>;
export function watchServerErrors(handlers: StreamHandlers): ServerErrorWatch<StreamHandlers>;
export function watchServerErrors(handlers: StreamHandlers): ServerErrorWatch<StreamHandlers> {
  let first: StreamError | undefined;
  let sawLast = false;
  let requestId: string | undefined;
  let traceId: string | undefined;
  const onOpen: StreamHandlers['onOpen'] = (info) => {
    requestId = info.requestId;
    traceId = info.traceId;
    handlers.onOpen?.(info);
  };
  const { fold } = handlers;
  const watched: StreamHandlers = fold
    ? {
        ...handlers,
        onOpen,
        fold: {
          from: () => fold.from(),
          onFolded: (batch) => {
            first ??= batch.serverError;
            if (batch.last) sawLast = true;
            fold.onFolded(batch);
          },
        },
      }
    : {
        ...handlers,
        onOpen,
        onChunk: (chunk: StreamChunk, receivedAt?: number) => {
          first ??= chunk.serverError;
          if (chunk.last) sawLast = true;
          handlers.onChunk(chunk, receivedAt);
        },
      };
  const failure = (end: AnswerStreamEnd): ApiError | null => {
    if (end === 'aborted' || sawLast || !first) return null;
    return new ApiError({
      kind: 'stream',
      message: first.message,
      ...(first.code ? { code: first.code } : {}),
      ...(first.details !== undefined ? { details: first.details } : {}),
      ...(requestId ? { requestId } : {}),
      ...(traceId ? { traceId } : {}),
    });
  };
  return { handlers: watched, failure };
}
