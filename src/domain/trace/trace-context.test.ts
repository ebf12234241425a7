import { describe, expect, it } from 'vitest';
import {
  formatTraceparent,
  isSpanId,
  isTraceId,
  parseTraceparent,
  spanIdFromBytes,
  traceIdFor,
  traceIdFromBytes,
} from './trace-context';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

describe('trace ids', () => {
  it('writes random bytes as lowercase hex of the right length', () => {
    expect(traceIdFromBytes(bytes(16, 0xab))).toBe('ab'.repeat(16));
    expect(spanIdFromBytes(bytes(8, 0x0f))).toBe('0f'.repeat(8));
  });

  it('never gives the all-zero id, which means "no id"', () => {
    expect(isTraceId(traceIdFromBytes(bytes(16, 0)))).toBe(true);
    expect(isSpanId(spanIdFromBytes(bytes(8, 0)))).toBe(true);
  });

  it('refuses the wrong number of bytes', () => {
    expect(() => traceIdFromBytes(bytes(8, 1))).toThrow(RangeError);
    expect(() => spanIdFromBytes(bytes(16, 1))).toThrow(RangeError);
  });

  it('gives one subject one trace id, and two subjects two', () => {
    const turn = traceIdFor('turn-1');
    expect(isTraceId(turn)).toBe(true);
    expect(traceIdFor('turn-1')).toBe(turn);
    expect(traceIdFor('turn-2')).not.toBe(turn);
    expect(isTraceId(traceIdFor(''))).toBe(true);
  });

  it('spreads many similar subjects over distinct ids', () => {
    const ids = new Set(Array.from({ length: 5000 }, (_, index) => traceIdFor(`run-${index}`)));
    expect(ids.size).toBe(5000);
  });

  it('tells well-formed ids from the rest', () => {
    expect(isTraceId('4bf92f3577b34da6a3ce929d0e0e4736')).toBe(true);
    expect(isTraceId('4BF92F3577B34DA6A3CE929D0E0E4736')).toBe(false);
    expect(isTraceId('0'.repeat(32))).toBe(false);
    expect(isTraceId('4bf92f3577b34da6a3ce929d0e0e473')).toBe(false);
    expect(isSpanId('00f067aa0ba902b7')).toBe(true);
    expect(isSpanId('0'.repeat(16))).toBe(false);
    expect(isSpanId('00f067aa0ba902bz')).toBe(false);
  });
});

describe('traceparent', () => {
  const context = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true };

  it('is written as version 00 with the sampled flag', () => {
    expect(formatTraceparent(context)).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    expect(formatTraceparent({ ...context, sampled: false })).toMatch(/-00$/);
  });

  it('reads back what it writes', () => {
    expect(parseTraceparent(formatTraceparent(context))).toEqual(context);
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00')?.sampled).toBe(false);
  });

  it('refuses what version 00 does not allow', () => {
    for (const bad of [
      undefined,
      '',
      '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`,
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
    ])
      expect(parseTraceparent(bad)).toBeNull();
  });
});
