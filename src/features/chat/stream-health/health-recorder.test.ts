import { describe, expect, it } from 'vitest';
import { createHealthRecorder } from './health-recorder';

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
      recorder.chunk({ generatedChunk: 'word ' });
    }
    recorder.framed();
    clock = 370;
    paints.shift()?.();
    clock = 390;
    recorder.chunk({ last: true, generated: 'word word word ' });
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
});
