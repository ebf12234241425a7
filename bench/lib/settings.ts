// What a run measures: the full benchmark, or the smoke run (same pipeline, tiny sizes, no timing asserted).
export interface BenchSettings {
  mode: 'full' | 'smoke';
  /**
   * The long answer: its size, pace, marker spacing and wire, and the sizes (KB) per-update work is read at. NDJSON,
   * as deployed servers stream: under automation Chromium decodes a whole SSE body for DevTools when it ends.
   */
  stream: {
    sizeKb: number;
    rate: number;
    every: number;
    wire: 'sse' | 'ndjson';
    windowsKb: number[];
    windowWidthKb: number;
  };
  /**
   * The figures in the field's shape: an answer of `chunked` size sent in `chunks` chunks a second (the p95 of an
   * update), and the last chunk of an answer of `last.chars` characters; the server holds each stream's end back
   * `hold` ms after the last chunk, so the end of the answer is not counted as that chunk's work.
   */
  field: {
    chunks: number;
    hold: number;
    chunked: { sizeKb: number; rate: number; every: number };
    last: { chars: number; rate: number; every: number };
  };
  /** Many answers in one conversation, for the heap. */
  many: { count: number; sizeKb: number; rate: number };
  /** Turns of the long conversations; typing is measured in the last. */
  turns: number[];
  typing: string;
  treeNodes: number;
  /** A workflow's batches page: this many batches of this many rows kept. */
  batches: { count: number; rows: number };
  /** Reloads of a conversation timed (the median is reported). */
  reloads: number;
  /** Whole run, before everything is stopped and the run fails. */
  timeoutMs: number;
}

export const fullSettings: BenchSettings = {
  mode: 'full',
  stream: { sizeKb: 200, rate: 1000, every: 2000, wire: 'ndjson', windowsKb: [10, 50, 100, 200], windowWidthKb: 10 },
  // svelte-markdown's 30 chunks/s (10 word tokens a chunk), astryx's 132,000 characters.
  field: {
    chunks: 30,
    hold: 1000,
    chunked: { sizeKb: 20, rate: 300, every: 2000 },
    last: { chars: 132_000, rate: 1000, every: 2000 },
  },
  // 100 answers travel back as history: 8 KB each stays under the platform's 1 MiB request limit.
  many: { count: 100, sizeKb: 8, rate: 20_000 },
  turns: [1000, 10_000],
  typing: 'the quick brown fox jumps over the lazy dog',
  treeNodes: 1000,
  batches: { count: 50, rows: 100 },
  reloads: 5,
  timeoutMs: 30 * 60_000,
};

export const smokeSettings: BenchSettings = {
  mode: 'smoke',
  // Slow enough that the baseline (a whole re-render per update, 100–300 ms each here) paints in every window.
  stream: { sizeKb: 16, rate: 500, every: 500, wire: 'ndjson', windowsKb: [4, 8, 12, 16], windowWidthKb: 3 },
  field: {
    chunks: 30,
    hold: 300,
    chunked: { sizeKb: 2, rate: 300, every: 500 },
    last: { chars: 6000, rate: 1000, every: 500 },
  },
  many: { count: 3, sizeKb: 4, rate: 20_000 },
  turns: [50, 100],
  typing: 'smoke',
  treeNodes: 100,
  batches: { count: 3, rows: 5 },
  reloads: 1,
  timeoutMs: 3 * 60_000,
};

export const streamQuestion = ({
  sizeKb,
  rate,
  every,
  wire,
}: {
  sizeKb: number;
  rate: number;
  every?: number;
  wire?: 'sse' | 'ndjson';
}): string => `bench rate=${rate} size=${sizeKb * 1024}${every ? ` every=${every}` : ''}${wire ? ` wire=${wire}` : ''}`;

/** An answer of `size` characters sent in `chunks` chunks a second, its end held back `hold` ms (NDJSON). */
export const chunkedQuestion = ({
  size,
  rate,
  every,
  chunks,
  hold,
}: {
  size: number;
  rate: number;
  every: number;
  chunks: number;
  hold: number;
}): string => `bench rate=${rate} size=${size} every=${every} chunks=${chunks} hold=${hold} wire=ndjson`;
