import { z } from 'zod';
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

/** The figures kept with a turn (IndexedDB, exports) and shown under its answer; one schema, read back on import. */
export const streamHealthSchema = z.object({
  /** Request sent → response status and headers. */
  firstByteMs: z.number().optional(),
  /** Request sent → first chunk that carried text. */
  firstTokenMs: z.number().optional(),
  tokens: z.number(),
  chars: z.number(),
  /** Over the span from the first to the last token; absent with fewer than two tokens or no span. */
  tokensPerSecond: z.number().optional(),
  charsPerSecond: z.number().optional(),
  /** The longest silence between two chunks. */
  maxGapMs: z.number(),
  chunks: z.number(),
  frames: z.number(),
  chunksPerFrame: z.object({ mean: z.number(), max: z.number() }),
  /** Chunk read → the frame that showed it painted (from the earliest chunk of each frame). */
  renderLagMs: z.object({ mean: z.number(), max: z.number() }).optional(),
  /**
   * What was out of the ordinary: a silence over `unusualGapMs`, frames shown over `unusualLagMs` late on average or
   * one over `unusualFrameLagMs`.
   */
  unusual: z.array(z.enum(['gap', 'lag'])),
  /** Followed by re-attaching to an answer the server kept generating (a reload, another tab): replayed, then live. */
  reattached: z.boolean().optional(),
});

export type StreamHealth = z.infer<typeof streamHealthSchema>;

export const unusualGapMs = 5000;
/** Frames shown this late on average: the page could not keep up with the stream. */
export const unusualLagMs = 100;
/** One frame shown this late: the page froze. A single frame some 150 ms late (a first paint, a collection) is not. */
export const unusualFrameLagMs = 1000;
/**
 * A short answer's few frames (its first paint among them) say nothing of whether the page keeps up with a stream:
 * frames late on average are unusual only over at least this many (about a second of a paced stream).
 */
export const lagFramesAtLeast = 30;

/** Frames shown late on average over a stream long enough to tell, or one frame that froze the page. */
export const lagIsUnusual = (frames: number, lag: { mean: number; max: number }): boolean =>
  lag.max > unusualFrameLagMs || (frames >= lagFramesAtLeast && lag.mean > unusualLagMs);

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
export const chunkChars = (chunk: StreamChunk | null): number =>
  chunk ? (chunk.generatedChunk?.length ?? 0) + (chunk.thought?.message?.length ?? 0) : 0;

/**
 * Chunks read together (by the stream worker, between two updates of the page), folded as they were read: what the
 * page's timings need of them, whatever their number.
 */
export interface ChunkReads {
  readonly chunks: number;
  readonly tokens: number;
  readonly chars: number;
  readonly firstAt?: number;
  readonly lastAt?: number;
  readonly firstTokenAt?: number;
  readonly lastTokenAt?: number;
  /** The longest silence between two of these chunks. */
  readonly maxGapMs: number;
}

export const noReads: ChunkReads = { chunks: 0, tokens: 0, chars: 0, maxGapMs: 0 };

/** One more chunk read at `at` (`chars` of text in it; 0 for one without text or unreadable). */
export function readChunk(reads: ChunkReads, at: number, chars: number): ChunkReads {
  const token = chars > 0;
  return {
    ...reads,
    chunks: reads.chunks + 1,
    firstAt: reads.firstAt ?? at,
    lastAt: at,
    maxGapMs: Math.max(reads.maxGapMs, reads.lastAt === undefined ? 0 : at - reads.lastAt),
    ...(token
      ? {
          tokens: reads.tokens + 1,
          chars: reads.chars + chars,
          firstTokenAt: reads.firstTokenAt ?? at,
          lastTokenAt: at,
        }
      : {}),
  };
}

/** The timings with chunks read since the last reading. */
export function chunksRead(timings: StreamTimings, reads: ChunkReads): StreamTimings {
  const { firstAt, lastAt, firstTokenAt, lastTokenAt } = reads;
  if (firstAt === undefined || lastAt === undefined) return timings;
  const gap = timings.lastChunkAt === undefined ? 0 : firstAt - timings.lastChunkAt;
  const first = timings.firstTokenAt ?? firstTokenAt;
  const last = lastTokenAt ?? timings.lastTokenAt;
  return {
    ...timings,
    firstChunkAt: timings.firstChunkAt ?? firstAt,
    lastChunkAt: lastAt,
    chunks: timings.chunks + reads.chunks,
    maxGapMs: Math.max(timings.maxGapMs, gap, reads.maxGapMs),
    tokens: timings.tokens + reads.tokens,
    chars: timings.chars + reads.chars,
    ...(first !== undefined ? { firstTokenAt: first } : {}),
    ...(last !== undefined ? { lastTokenAt: last } : {}),
  };
}

/** A frame showed `chunks` chunks, the earliest read at `receivedAt`, and was painted at `paintedAt`. */
export function framePainted(
  timings: StreamTimings,
  frame: { chunks: number; receivedAt: number; paintedAt: number },
): StreamTimings {
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
  const rates =
    tokens > 1 && span > 0
      ? { tokensPerSecond: round(((tokens - 1) * 1000) / span, 1), charsPerSecond: round((chars * 1000) / span) }
      : {};
  const unusual: ('gap' | 'lag')[] = [];
  if (timings.maxGapMs > unusualGapMs) unusual.push('gap');
  if (frames > 0 && lagIsUnusual(frames, { mean: timings.lagSumMs / frames, max: timings.maxLagMs }))
    unusual.push('lag');
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

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);
const number = (value: number) => value.toLocaleString('en-US');

export interface StreamHealthWords {
  /** One quiet line: "TTFB 120 ms · first token 340 ms · 48 tok/s · max gap 0.9 s". */
  summary: string;
  /** What was unusual, in words ("a 6.2 s silence"). */
  warnings: readonly string[];
  /** Every figure with its name, for a details table. */
  rows: readonly (readonly [string, string])[];
}

/** The figures as people read them (under the answer, in the inspector, in exports). */
export function describeStreamHealth(health: StreamHealth): StreamHealthWords {
  const parts: string[] = health.reattached ? ['re-attached to the server’s answer'] : [];
  if (health.firstByteMs !== undefined) parts.push(`TTFB ${ms(health.firstByteMs)}`);
  if (health.firstTokenMs !== undefined) parts.push(`first token ${ms(health.firstTokenMs)}`);
  if (health.tokensPerSecond !== undefined) parts.push(`${number(Math.round(health.tokensPerSecond))} tok/s`);
  parts.push(`max gap ${ms(health.maxGapMs)}`);
  const warnings: string[] = [];
  if (health.unusual.includes('gap')) warnings.push(`a ${ms(health.maxGapMs)} silence in the stream`);
  // Read again by today's rule: a turn kept from before it may carry a lag alarm over a handful of frames.
  if (health.unusual.includes('lag') && health.renderLagMs && lagIsUnusual(health.frames, health.renderLagMs))
    warnings.push(
      health.renderLagMs.max > unusualFrameLagMs
        ? `a frame shown ${ms(health.renderLagMs.max)} after its chunk arrived`
        : `frames shown ${ms(health.renderLagMs.mean)} after their chunks on average`,
    );
  const rows: [string, string][] = [
    ['Time to first byte', health.firstByteMs === undefined ? '—' : ms(health.firstByteMs)],
    ['Time to first token', health.firstTokenMs === undefined ? '—' : ms(health.firstTokenMs)],
    ['Tokens (chunks with text)', number(health.tokens)],
    ['Tokens per second', health.tokensPerSecond === undefined ? '—' : number(health.tokensPerSecond)],
    ['Characters per second', health.charsPerSecond === undefined ? '—' : number(health.charsPerSecond)],
    ['Longest gap between chunks', ms(health.maxGapMs)],
    ['Chunks', number(health.chunks)],
    ['Chunks per frame (mean / max)', `${number(health.chunksPerFrame.mean)} / ${number(health.chunksPerFrame.max)}`],
    [
      'Render lag, received → painted (mean / max)',
      health.renderLagMs ? `${ms(health.renderLagMs.mean)} / ${ms(health.renderLagMs.max)}` : '—',
    ],
  ];
  return { summary: parts.join(' · '), warnings, rows };
}
