import type { Answer } from '@/domain/answer/answer';
import { foldChunks } from '@/domain/answer/answer-update';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { chunkChars, noReads, readChunk, type ChunkReads } from '@/domain/stream/stream-health';
import type { FoldedChunks } from '@/api/stream/stream-types';

/** An answer's chunks gathered as they arrive and folded into it once per update of the page. */
export interface ChunkFolder {
  chunk(chunk: StreamChunk, at: number): void;
  malformed(at: number): void;
  /** Whether anything arrived since the last `take`. */
  readonly pending: boolean;
  /** Folds what arrived since the last take (at `now`, its thoughts' arrival) into the answer: what the page gets. */
  take(now: number): FoldedChunks;
}

/** Folds chunks into `from`, the answer as the page had it when the stream began. */
export function createChunkFolder(from: Answer): ChunkFolder {
  let answer = from;
  let items: (StreamChunk | null)[] = [];
  let reads: ChunkReads = noReads;
  let batch: Omit<FoldedChunks, 'update' | 'reads'> = { chunks: 0 };
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
    take(now) {
      const folded = foldChunks(answer, items, now);
      answer = folded.answer;
      const taken: FoldedChunks = { update: folded.update, reads, ...batch };
      items = [];
      reads = noReads;
      batch = { chunks: 0 };
      return taken;
    },
  };
}
