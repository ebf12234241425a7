import type { StreamChunk } from './stream-chunk';

/**
 * How a streamed answer travelled, from the console's side: the clock readings the chat's stream path takes
 * (request sent, response opened, each chunk read, each frame painted), folded as they come so a long stream
 * costs a few numbers, not a list of timestamps. Pure: every reading is passed in.
 */
export interface StreamTimings {
  readonly sentAt: number;
  readonly openedAt?: number;
  readonly firstChunkAt?: number;
  readonly lastChunkAt?: number;
  readonly firstTokenAt?: number;
  readonly lastTokenAt?: number;
  readonly chunks: number;
  /** Chunks that carried text (answer or thought): the platforms send about one token per such chunk. */
  readonly tokens: number;
  readonly chars: number;
  readonly maxGapMs: number;
  readonly frames: number;
  readonly framedChunks: number;
  readonly maxChunksPerFrame: number;
  readonly lagSumMs: number;
  readonly maxLagMs: number;
}

/** The figures kept with a turn (IndexedDB, exports) and shown under its answer. */
export interface StreamHealth {
  /** Request sent → response status and headers. */
  firstByteMs?: number;
  /** Request sent → first chunk that carried text. */
  firstTokenMs?: number;
  tokens: number;
  chars: number;
  /** Over the span from the first to the last token; absent with fewer than two tokens or no span. */
  tokensPerSecond?: number;
  charsPerSecond?: number;
  /** The longest silence between two chunks. */
  maxGapMs: number;
  chunks: number;
  frames: number;
  chunksPerFrame: { mean: number; max: number };
  /** Chunk read → the frame that showed it painted (from the earliest chunk of each frame). */
  renderLagMs?: { mean: number; max: number };
  /** What was out of the ordinary: a silence over `unusualGapMs`, a frame shown over `unusualLagMs` late. */
  unusual: readonly ('gap' | 'lag')[];
}

export const unusualGapMs = 5000;
export const unusualLagMs = 100;

export const timingsStarted = (sentAt: number): StreamTimings => ({
  sentAt,
  chunks: 0,
  tokens: 0,
  chars: 0,
  maxGapMs: 0,
  frames: 0,
  framedChunks: 0,
  maxChunksPerFrame: 0,
  lagSumMs: 0,
  maxLagMs: 0,
});

/** The response opened (status and headers read); later openings (none expected) do not move it. */
export const responseOpened = (timings: StreamTimings, at: number): StreamTimings =>
  timings.openedAt === undefined ? { ...timings, openedAt: at } : timings;

/**
 * How much new text a chunk carries: an answer piece or a thought's message (deployed agents stream their answer as
 * thoughts). The whole answer a `last` chunk repeats is not new.
 */
export const chunkChars = (chunk: StreamChunk | null): number => (chunk ? (chunk.generatedChunk?.length ?? 0) + (chunk.thought?.message?.length ?? 0) : 0);

/** A chunk was read (`chars` of text in it; 0 for one without text or unreadable). */
export function chunkRead(timings: StreamTimings, at: number, chars: number): StreamTimings {
  const gap = timings.lastChunkAt === undefined ? 0 : at - timings.lastChunkAt;
  const token = chars > 0;
  return {
    ...timings,
    firstChunkAt: timings.firstChunkAt ?? at,
    lastChunkAt: at,
    chunks: timings.chunks + 1,
    maxGapMs: Math.max(timings.maxGapMs, gap),
    ...(token
      ? { tokens: timings.tokens + 1, chars: timings.chars + chars, firstTokenAt: timings.firstTokenAt ?? at, lastTokenAt: at }
      : {}),
  };
}

/** A frame showed `chunks` chunks, the earliest read at `receivedAt`, and was painted at `paintedAt`. */
export function framePainted(timings: StreamTimings, frame: { chunks: number; receivedAt: number; paintedAt: number }): StreamTimings {
  const lag = Math.max(0, frame.paintedAt - frame.receivedAt);
  return {
    ...timings,
    frames: timings.frames + 1,
    framedChunks: timings.framedChunks + frame.chunks,
    maxChunksPerFrame: Math.max(timings.maxChunksPerFrame, frame.chunks),
    lagSumMs: timings.lagSumMs + lag,
    maxLagMs: Math.max(timings.maxLagMs, lag),
  };
}

const round = (value: number, digits = 0) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

/** The figures, from the readings. */
export function streamHealth(timings: StreamTimings): StreamHealth {
  const { sentAt, openedAt, firstTokenAt, lastTokenAt, tokens, chars, frames } = timings;
  const span = firstTokenAt !== undefined && lastTokenAt !== undefined ? lastTokenAt - firstTokenAt : 0;
  const rates = tokens > 1 && span > 0 ? { tokensPerSecond: round(((tokens - 1) * 1000) / span, 1), charsPerSecond: round((chars * 1000) / span) } : {};
  const unusual: ('gap' | 'lag')[] = [];
  if (timings.maxGapMs > unusualGapMs) unusual.push('gap');
  if (frames > 0 && timings.maxLagMs > unusualLagMs) unusual.push('lag');
  return {
    ...(openedAt !== undefined ? { firstByteMs: round(openedAt - sentAt) } : {}),
    ...(firstTokenAt !== undefined ? { firstTokenMs: round(firstTokenAt - sentAt) } : {}),
    tokens,
    chars,
    ...rates,
    maxGapMs: round(timings.maxGapMs),
    chunks: timings.chunks,
    frames,
    chunksPerFrame: { mean: frames ? round(timings.framedChunks / frames, 1) : 0, max: timings.maxChunksPerFrame },
    ...(frames ? { renderLagMs: { mean: round(timings.lagSumMs / frames), max: round(timings.maxLagMs) } } : {}),
    unusual,
  };
}
