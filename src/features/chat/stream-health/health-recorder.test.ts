import { describe, expect, it } from 'vitest';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { chunkChars, noReads, readChunk } from '@/domain/stream/stream-health';
import { createHealthRecorder, type HealthRecorder } from './health-recorder';

/** One chunk as the stream reader reports it: read at `at`, folded with the others of its update. */
const readOne = (recorder: HealthRecorder, chunk: StreamChunk, at: number) =>
  recorder.read(readChunk(noReads, at, chunkChars(chunk)));

describe('the stream health recorder', () => {
  it('times a stream on a fake clock: sent, opened, chunks grouped by frame, each frame timed to its paint', () => {
    let clock = 0;
    const paints: (() => void)[] = [];
    const recorder = createHealthRecorder(
      () => clock,
      (run) => paints.push(run),
    );
    clock = 40;
    recorder.sent();
    clock = 140;
    recorder.opened();
    for (const at of [300, 330, 360]) {
      clock = at;
      readOne(recorder, { generatedChunk: 'word ' }, at);
    }
    recorder.framed();
    clock = 370;
    paints.shift()?.();
    clock = 390;
    readOne(recorder, { last: true, generated: 'word word word ' }, clock);
    recorder.framed();
    // A frame with nothing new in it is not a frame of the stream.
    recorder.framed();
    clock = 400;
    paints.shift()?.();
    expect(paints).toEqual([]);
    expect(recorder.figures()).toMatchObject({
      firstByteMs: 100,
      firstTokenMs: 260,
      tokens: 3,
      chunks: 4,
      tokensPerSecond: 33.3,
      maxGapMs: 30,
      frames: 2,
      chunksPerFrame: { mean: 2, max: 3 },
      renderLagMs: { mean: 40, max: 70 },
      unusual: [],
    });
  });

  it('takes chunks read and folded off the page as the figures of each, each frame painted after the frame that shows it', () => {
    const run = (feed: (recorder: HealthRecorder, at: number[]) => void) => {
      let clock = 0;
      const paints: (() => void)[] = [];
      const recorder = createHealthRecorder(
        () => clock,
        (paint) => paints.push(paint),
      );
      recorder.sent();
      for (const batch of [
        [100, 130, 160],
        [400, 410],
      ]) {
        feed(recorder, batch);
        clock = (batch.at(-1) ?? 0) + 20;
        paints.shift()?.();
      }
      return recorder.figures();
    };
    const words = (count: number) => 'word '.repeat(count);
    const folded = run((recorder, times) => {
      recorder.read(times.reduce((reads, at) => readChunk(reads, at, words(1).length), noReads));
      recorder.framed();
    });
    const oneByOne = run((recorder, times) => {
      times.forEach((at) => readOne(recorder, { generatedChunk: words(1) }, at));
      recorder.framed();
    });
    expect(folded).toEqual(oneByOne);
    expect(folded).toMatchObject({ chunks: 5, tokens: 5, frames: 2, maxGapMs: 240, renderLagMs: { max: 80 } });
  });
});
