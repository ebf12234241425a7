import type { Answer } from '@/domain/answer/answer';
import { foldChunks } from '@/domain/answer/answer-update';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import type { StreamError } from '@/domain/stream/stream-error';
import { chunkChars, noReads, readChunk, type ChunkReads } from '@/domain/stream/stream-health';
import type { FoldedChunks } from '@/api/stream/stream-types';
import { secretMatcher } from '@/domain/headers/secret-forms';
import type { AnswerUpdate } from '@/domain/answer/answer-update';
import { growthOf, maskAssembled } from '@/domain/answer/assembled-secrets';

/** An answer's chunks gathered as they arrive and folded into it once per update of the page. */
export interface ChunkFolder {
  chunk(chunk: StreamChunk, at: number): void;
  malformed(at: number): void;
  /** Whether anything arrived since the last `take`. */
  readonly pending: boolean;
  /**
   * Folds what arrived since the last take (at `now`, its thoughts' arrival) into the answer: what the page gets. A
   * batch the fold cannot take (a bug the server's data found) comes back as an error of this stream, and `broken`
   * is set: the stream is read no further, and the other streams of the page go on.
   */
  take(now: number): FoldedChunks;
  readonly broken: boolean;
}

function unreadable(error: unknown): StreamError {
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    message: `The console could not read a chunk of this answer (${cause.slice(0, 200)}) and stopped reading it.`,
    code: 'unreadable_chunk',
    source: 'unreadable-chunk',
  };
}

/**
 * Folds chunks into `from`, the answer as the page had it when the stream began; `scrub`: the secret values to mask
 * in the text the chunks assemble.
 */
export function createChunkFolder(from: Answer, scrub: readonly string[] = []): ChunkFolder {
  const matcher = secretMatcher(scrub);
  let answer = from;
  let items: (StreamChunk | null)[] = [];
  let reads: ChunkReads = noReads;
  let batch: Omit<FoldedChunks, 'update' | 'reads'> = { chunks: 0 };
  let broken = false;
  return {
    chunk(chunk, at) {
      items.push(chunk);
      reads = readChunk(reads, at, chunkChars(chunk));
      batch = {
        ...batch,
        chunks: batch.chunks + 1,
        ...(chunk.serverError && !batch.serverError ? { serverError: chunk.serverError } : {}),
        ...(chunk.last ? { last: true as const } : {}),
        ...(chunk.currentServer ? { currentServer: true as const } : {}),
      };
    },
    malformed(at) {
      items.push(null);
      reads = readChunk(reads, at, 0);
    },
    get pending() {
      return items.length > 0;
    },
    get broken() {
      return broken;
    },
    take(now) {
      let taken: FoldedChunks;
      try {
        const joined = foldChunks(answer, items, now);
        // Each piece was masked on the wire; what they assemble is masked here, and sent anew whole.
        const masked = maskAssembled(joined.answer, growthOf(answer, joined.answer, items), matcher);
        const update: AnswerUpdate = {
          ...joined.update,
          ...(masked.text !== undefined ? { text: masked.text, replaced: true as const } : {}),
          ...(masked.thoughtMessages ? { thoughtMessages: masked.thoughtMessages } : {}),
        };
        answer = masked.answer;
        taken = { update, reads, ...batch };
      } catch (error) {
        broken = true;
        taken = { update: { text: '' }, reads, chunks: batch.chunks, serverError: unreadable(error) };
      }
      items = [];
      reads = noReads;
      batch = { chunks: 0 };
      return taken;
    },
  };
}
