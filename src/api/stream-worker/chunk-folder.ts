import type { Answer } from '@/domain/answer/answer';
import { foldChunks } from '@/domain/answer/answer-update';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import type { StreamError } from '@/domain/stream/stream-error';
import { chunkChars, noReads, readChunk, type ChunkReads } from '@/domain/stream/stream-health';
import type { FoldedChunks } from '@/api/stream/stream-types';
import { secretMatcher } from '@/domain/headers/secret-forms';
import { secretMask } from '@/domain/headers/secrets';
import type { AnswerUpdate } from '@/domain/answer/answer-update';
import { withThoughtMessage } from '@/domain/thoughts/thought-tree';

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
 * The folded answer with secret values masked in its assembled text: each streamed piece was masked on the wire, but
 * a value cut across two chunks (a model streaming a key token by token) only appears once they are joined. Only the
 * text's end that the batch could have completed a value in is searched; when one is there, the whole text is sent
 * anew, masked.
 */
function maskAssembled(
  answer: Answer,
  update: AnswerUpdate,
  matcher: ReturnType<typeof secretMatcher>,
): { answer: Answer; update: AnswerUpdate } {
  if (update.text === '' || matcher.longest === 0) return { answer, update };
  const reach = update.replaced ? answer.text.length : update.text.length + matcher.longest;
  if (!matcher.test(answer.text.slice(-reach))) return { answer, update };
  const text = matcher.scrub(answer.text, secretMask);
  return { answer: { ...answer, text }, update: { ...update, text, replaced: true } };
}

/**
 * The same for the thoughts the batch streamed into the tree (a sub-agent's thought streamed token by token): a thought
 * whose message now holds a value is masked in the answer, and its whole message is sent anew.
 */
function maskAssembledThoughts(
  answer: Answer,
  update: AnswerUpdate,
  matcher: ReturnType<typeof secretMatcher>,
): { answer: Answer; update: AnswerUpdate } {
  if (!update.thoughts || matcher.longest === 0) return { answer, update };
  // How much each thought's message grew in this batch: a value completed in it ends within that much of its end.
  const grown = new Map<string, number>();
  for (const thought of update.thoughts) grown.set(thought.id, (grown.get(thought.id) ?? 0) + thought.message.length);
  let thoughts = answer.thoughts;
  const masked: { id: string; message: string }[] = [];
  for (const [id, length] of grown) {
    if (length === 0) continue;
    thoughts = withThoughtMessage(thoughts, id, (message) => {
      if (!matcher.test(message.slice(-(length + matcher.longest)))) return message;
      const clean = matcher.scrub(message, secretMask);
      masked.push({ id, message: clean });
      return clean;
    });
  }
  if (masked.length === 0) return { answer, update };
  return { answer: { ...answer, thoughts }, update: { ...update, thoughtMessages: masked } };
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
        const text = maskAssembled(joined.answer, joined.update, matcher);
        const folded = maskAssembledThoughts(text.answer, text.update, matcher);
        answer = folded.answer;
        taken = { update: folded.update, reads, ...batch };
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
