import type { StreamChunk } from '@/domain/stream/stream-chunk';
import type { BodyRead } from '@/api/stream/stream-decode';
import type { Answer } from '@/domain/answer/answer';
import type { AnswerStreamEnd, FoldedChunks } from '@/api/stream/stream-types';

// What the page and the stream worker say to each other. Every stream has an id the page chose.

/** What the worker read, in arrival order; `at` is the wall clock (timeOrigin + now) when it arrived. */
export type StreamEvent =
  | { kind: 'log'; text: string; malformed?: true; at: number }
  | { kind: 'chunk'; chunk: StreamChunk; at: number }
  | { kind: 'malformed'; raw: string; at: number };

/** A folded stream's pieces for the request log, in arrival order, as lists rather than an object per piece. */
export interface LogPieces {
  texts: string[];
  /** When each arrived (as `StreamEvent.at`). */
  at: number[];
  /** The positions of the pieces that could not be read. */
  malformed: number[];
}

export type ToWorker =
  | {
      type: 'fetch';
      id: number;
      url: string;
      method: string;
      headers: Record<string, string>;
      body?: string;
      redirect?: RequestRedirect;
    }
  /** Stop: the fetch, or the read, ends aborted. */
  | { type: 'abort'; id: number }
  /** The response will not be read: the worker lets it go. */
  | { type: 'cancel'; id: number }
  /** The page reads the body itself after all (bytes handed over as they come). */
  | { type: 'bytes'; id: number }
  /**
   * Read the stream into chunks, masking these secret values first; with `fold`, the chunks are folded into that
   * answer here and the page gets what they changed, not the chunks.
   */
  | ({ type: 'read'; id: number; scrub: readonly string[]; fold?: Answer } & Omit<BodyRead, 'signal'>)
  /** The page is ready for the next update (at most one a frame). */
  | { type: 'pull'; id: number };

export interface ResponseHead {
  status: number;
  statusText: string;
  headers: [string, string][];
  url: string;
  redirected: boolean;
  /** A redirect not followed (`redirect: 'manual'`), whose address the browser hides. */
  opaqueRedirect?: true;
}

export type FromWorker =
  /** `body`: the whole body, for anything but an opened stream (an error, one JSON answer); absent: it stays there. */
  | ({ type: 'head'; id: number; body?: ArrayBuffer } & ResponseHead)
  | { type: 'failed'; id: number; name: string; message: string }
  | { type: 'bytes'; id: number; value?: Uint8Array; done: boolean; failed?: true }
  /**
   * What arrived since the last update; `end` once the stream has ended (nothing follows it). A folded stream has no
   * events: its pieces for the request log come as `log`, what its chunks changed as `folded`.
   */
  | {
      type: 'update';
      id: number;
      events: StreamEvent[];
      log?: LogPieces;
      folded?: FoldedChunks;
      end?: AnswerStreamEnd;
    };

/** Only an ok stream stays in the worker; any other body is read there whole and handed over with the head. */
export const keptInWorker = (status: number, contentType: string): boolean =>
  status >= 200 && status < 300 && /event-stream|ndjson|jsonl|json-seq/i.test(contentType);

/** The page's end of the stream worker: a real Worker, or its serving code on the page (served-on-page.ts). */
export interface WorkerEnd {
  postMessage(message: ToWorker): void;
  onMessage(listener: (message: FromWorker) => void): void;
  /** The worker could not run (its script failed to load or threw). */
  onError(listener: () => void): void;
  terminate(): void;
}
