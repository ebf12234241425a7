import { describe, expect, it } from 'vitest';
import type { StreamChunk } from './stream-chunk';
import {
  chunkChars,
  chunksRead,
  noReads,
  readChunk,
  describeStreamHealth,
  framePainted,
  responseOpened,
  streamHealth,
  timingsStarted,
  type StreamTimings,
} from './stream-health';

/** One chunk read (`chars` of text in it; 0 for one without text or unreadable), as the reader reports it. */
const chunkRead = (timings: StreamTimings, at: number, chars: number): StreamTimings =>
  chunksRead(timings, readChunk(noReads, at, chars));

/** A fake clock and a stream played on it: opened after `firstByte`, then a token every `pace` ms. */
function pacedStream({
  firstByte,
  firstToken,
  pace,
  tokens,
  perFrame,
  lag,
}: {
  firstByte: number;
  firstToken: number;
  pace: number;
  tokens: number;
  perFrame: number;
  lag: number;
}) {
  let timings: StreamTimings = timingsStarted(1_000);
  timings = responseOpened(timings, 1_000 + firstByte);
  let frame: number[] = [];
  for (let index = 0; index < tokens; index += 1) {
    const at = 1_000 + firstToken + index * pace;
    timings = chunkRead(timings, at, 4);
    frame.push(at);
    if (frame.length === perFrame || index === tokens - 1) {
      timings = framePainted(timings, { chunks: frame.length, receivedAt: frame[0] as number, paintedAt: at + lag });
      frame = [];
    }
  }
  return timings;
}

describe('stream health', () => {
  it('reads first byte, first token, rate, gaps, chunks per frame and render lag from a paced stream', () => {
    const health = streamHealth(
      pacedStream({ firstByte: 120, firstToken: 340, pace: 25, tokens: 100, perFrame: 2, lag: 8 }),
    );
    expect(health.firstByteMs).toBe(120);
    expect(health.firstTokenMs).toBe(340);
    // 99 intervals of 25 ms: 40 tokens a second, 4 characters each.
    expect(health.tokensPerSecond).toBe(40);
    expect(health.charsPerSecond).toBe(Math.round((100 * 4 * 1000) / (99 * 25)));
    expect(health.maxGapMs).toBe(25);
    expect(health.chunks).toBe(100);
    expect(health.chunksPerFrame).toEqual({ mean: 2, max: 2 });
    // The earliest chunk of a frame of two waited one pace more than the frame's last.
    expect(health.renderLagMs).toEqual({ mean: 33, max: 33 });
    expect(health.unusual).toEqual([]);
  });

  it('says so when a silence passes 5 s, frames are shown over 100 ms late on average, or one over 1 s', () => {
    let timings = responseOpened(timingsStarted(0), 50);
    timings = chunkRead(timings, 100, 3);
    timings = framePainted(timings, { chunks: 1, receivedAt: 100, paintedAt: 110 });
    timings = chunkRead(timings, 5_200, 3);
    expect(streamHealth(timings).unusual).toEqual(['gap']);
    expect(streamHealth(timings).maxGapMs).toBe(5_100);
    // One frame some 150 ms late among prompt ones is an ordinary hiccup, not worth a warning.
    timings = framePainted(timings, { chunks: 1, receivedAt: 5_200, paintedAt: 5_346 });
    timings = framePainted(timings, { chunks: 1, receivedAt: 5_400, paintedAt: 5_410 });
    expect(streamHealth(timings).unusual).toEqual(['gap']);
    expect(streamHealth(timings).renderLagMs).toEqual({ mean: 55, max: 146 });
    timings = framePainted(timings, { chunks: 1, receivedAt: 5_500, paintedAt: 6_700 });
    expect(streamHealth(timings).unusual).toEqual(['gap', 'lag']);
    let late = responseOpened(timingsStarted(0), 50);
    for (let at = 100; at <= 4_000; at += 100)
      late = framePainted(chunkRead(late, at, 3), { chunks: 1, receivedAt: at, paintedAt: at + 120 });
    expect(streamHealth(late).unusual).toEqual(['lag']);
  });

  it('raises no lag alarm over a short answer’s few frames, late on average as they may be, unless one froze', () => {
    let short = responseOpened(timingsStarted(0), 50);
    for (const at of [100, 200, 300])
      short = framePainted(chunkRead(short, at, 3), { chunks: 1, receivedAt: at, paintedAt: at + 118 });
    expect(streamHealth(short).renderLagMs).toEqual({ mean: 118, max: 118 });
    expect(streamHealth(short).unusual).toEqual([]);
    const frozen = framePainted(chunkRead(short, 400, 3), { chunks: 1, receivedAt: 400, paintedAt: 1_600 });
    expect(streamHealth(frozen).unusual).toEqual(['lag']);
    // A turn kept with an alarm raised by the older rule is read by today's.
    const kept = { ...streamHealth(short), unusual: ['lag' as const] };
    expect(describeStreamHealth(kept).warnings).toEqual([]);
  });

  it('counts chunks without text (thought status changes, the closing chunk) as chunks, not tokens', () => {
    let timings = timingsStarted(0);
    timings = chunkRead(timings, 200, 0);
    timings = chunkRead(timings, 300, 5);
    timings = chunkRead(timings, 900, 0);
    const health = streamHealth(timings);
    expect(health).toMatchObject({ chunks: 3, tokens: 1, chars: 5, firstTokenMs: 300, maxGapMs: 600 });
    // One token has no rate; no response or frame readings leave their figures out rather than inventing zeros.
    expect(health.tokensPerSecond).toBeUndefined();
    expect(health.firstByteMs).toBeUndefined();
    expect(health.renderLagMs).toBeUndefined();
  });

  it('keeps the first opening and measures text of answer pieces and thought messages, not the repeated whole answer', () => {
    expect(responseOpened(responseOpened(timingsStarted(0), 10), 99).openedAt).toBe(10);
    const thought = { id: 't', message: 'abc' } as NonNullable<StreamChunk['thought']>;
    expect(chunkChars({ generatedChunk: 'hello' })).toBe(5);
    expect(chunkChars({ thought })).toBe(3);
    expect(chunkChars({ generated: 'the whole answer', last: true })).toBe(0);
    expect(chunkChars(null)).toBe(0);
  });

  it('leaves its input as it was', () => {
    const before = timingsStarted(0);
    const copy = { ...before };
    chunkRead(before, 10, 2);
    framePainted(before, { chunks: 1, receivedAt: 10, paintedAt: 20 });
    expect(before).toEqual(copy);
  });
});

describe('stream health in words', () => {
  it('says the figures in one line, names each in a row, and says what was unusual', () => {
    const health = streamHealth(
      pacedStream({ firstByte: 120, firstToken: 340, pace: 25, tokens: 100, perFrame: 2, lag: 8 }),
    );
    const words = describeStreamHealth(health);
    expect(words.summary).toBe('TTFB 120 ms · first token 340 ms · 40 tok/s · max gap 25 ms');
    expect(words.warnings).toEqual([]);
    expect(words.rows).toContainEqual(['Render lag, received → painted (mean / max)', '33 ms / 33 ms']);
    const unusual = describeStreamHealth({
      ...health,
      maxGapMs: 6_200,
      renderLagMs: { mean: 40, max: 1_800 },
      unusual: ['gap', 'lag'],
    });
    expect(unusual.summary).toContain('max gap 6.2 s');
    expect(unusual.warnings).toEqual(['a 6.2 s silence in the stream', 'a frame shown 1.8 s after its chunk arrived']);
    const slow = describeStreamHealth({ ...health, renderLagMs: { mean: 140, max: 400 }, unusual: ['lag'] });
    expect(slow.warnings).toEqual(['frames shown 140 ms after their chunks on average']);
  });
});
