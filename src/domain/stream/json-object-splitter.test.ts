import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutAt } from '@/test/cut-at';
import { createJsonObjectSplitter } from './json-object-splitter';

const splitAll = (pieces: Array<string | Uint8Array>) => {
  const splitter = createJsonObjectSplitter();
  const objects: string[] = [];
  const stray: string[] = [];
  for (const piece of pieces) {
    const result = splitter.push(piece);
    objects.push(...result.objects);
    stray.push(...result.stray);
  }
  const last = splitter.end();
  return { objects: [...objects, ...last.objects], stray: [...stray, ...last.stray] };
};

describe('createJsonObjectSplitter', () => {
  it('splits objects written back to back with no separator', () => {
    expect(splitAll(['{"a":1}{"b":2}{"c":{"d":3}}']).objects).toEqual(['{"a":1}', '{"b":2}', '{"c":{"d":3}}']);
  });

  it('is not fooled by braces, }{, }_{ and escaped quotes inside strings', () => {
    const text = '{"t":"a}{b"}{"t":"x}_{y \\"q\\" {"}{"t":"\\\\"}';
    expect(splitAll([text]).objects.map((object) => JSON.parse(object))).toEqual([
      { t: 'a}{b' },
      { t: 'x}_{y "q" {' },
      { t: '\\' },
    ]);
  });

  it('hands an object over as soon as it closes, without waiting for the end', () => {
    const splitter = createJsonObjectSplitter();
    expect(splitter.push('{"a":').objects).toEqual([]);
    expect(splitter.push('1}{"b"').objects).toEqual(['{"a":1}']);
    expect(splitter.push(':2}\n').objects).toEqual(['{"b":2}']);
  });

  it('joins a UTF-8 character split across reads', () => {
    const bytes = new TextEncoder().encode('{"t":"café ✓ 日本"}');
    const pieces = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(JSON.parse(splitAll(pieces).objects[0] ?? 'null')).toEqual({ t: 'café ✓ 日本' });
  });

  it('reports stray text between objects and an object that never closed', () => {
    const result = splitAll(['{"a":1} oops {"b":2}{"c":']);
    expect(result.objects).toEqual(['{"a":1}', '{"b":2}']);
    expect(result.stray).toEqual(['oops', '{"c":']);
  });

  it('yields the same objects however the bytes are cut (property)', () => {
    const value = fc.dictionary(
      fc.string({ maxLength: 6 }),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant('}{'), fc.constant('a\\"}_{')),
    );
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (values, cuts) => {
          const bytes = new TextEncoder().encode(values.map((item) => JSON.stringify(item)).join(''));
          const parsed = splitAll(cutAt(bytes, cuts)).objects.map((object) => JSON.parse(object) as unknown);
          expect(parsed).toEqual(values);
        },
      ),
    );
  });

  it('skips an object that grows past the limit as it arrives, reports its start once, and goes on after it', () => {
    const splitter = createJsonObjectSplitter({ maxObjectChars: 100 });
    const head = '{"generated_chunk":"' + 'x'.repeat(80);
    expect(splitter.push('{"a":1}' + head)).toEqual({ objects: ['{"a":1}'], stray: [], tooLarge: [] });
    // Past the limit: reported, and its text no longer kept (braces inside its strings still do not count).
    const past = splitter.push('y'.repeat(50) + '{}}{');
    expect(past.objects).toEqual([]);
    expect(past.tooLarge).toHaveLength(1);
    expect(past.tooLarge[0]?.startsWith('{"generated_chunk":"xxx')).toBe(true);
    for (let i = 0; i < 1000; i += 1)
      expect(splitter.push('z'.repeat(1000))).toEqual({ objects: [], stray: [], tooLarge: [] });
    expect(splitter.push('"}{"b":2}')).toEqual({ objects: ['{"b":2}'], stray: [], tooLarge: [] });
    expect(splitter.end()).toEqual({ objects: [], stray: [], tooLarge: [] });
  });

  it('an object too large that never closes is reported once, not again at the end', () => {
    const splitter = createJsonObjectSplitter({ maxObjectChars: 10 });
    expect(splitter.push('{"a":"0123456789').tooLarge).toHaveLength(1);
    expect(splitter.end()).toEqual({ objects: [], stray: [], tooLarge: [] });
  });

  it('cuts stray text past the limit too', () => {
    const splitter = createJsonObjectSplitter({ maxObjectChars: 10 });
    expect(splitter.push('garbage-without-end').stray).toEqual(['garbage-without-end']);
    expect(splitter.push('{"a":1}')).toEqual({ objects: ['{"a":1}'], stray: [], tooLarge: [] });
  });
});
