import { describe, expect, it } from 'vitest';
import { emptyWireChunk } from '@/domain/wire';
import { frameSharing } from './shared-frame';

// A deployed server's NDJSON line around a piece of answer: every field of the wire, most of them null.
const line = (piece: string, thought: string | null = null) =>
  JSON.stringify({
    ...emptyWireChunk,
    generated_chunk: piece,
    thought: thought === null ? null : { id: 't1', message: thought },
  });

function keptAll(texts: readonly string[]): string[] {
  const share = frameSharing();
  return texts.map((text) => share(text));
}

describe('chunks kept with their frame shared', () => {
  it('gives back every chunk of a stream exactly as it came', () => {
    const words = 'The quick brown fox jumps over the lazy dog; naïve café ⟦o=1⟧ "quoted" \\ back\nslash'.split(' ');
    const texts = [
      ...words.map((word) => line(`${word} `)),
      line('', 'Calling the search tool'),
      line('', 'Calling the search tool with a longer thought than twelve characters'),
      line('an answer piece much longer than the frame it sits in, on a line of its own'),
      '{"time_elapsed":', // a line cut short (malformed)
      line('x'),
      line('x'),
      line('xy'),
      'data: {"generated_chunk":"Hello"}',
      'data: {"generated_chunk":"Hello, world"}',
      'data: {"generated_chunk":"Hi"}',
      '',
      line('after an empty one'),
    ];
    expect(keptAll(texts)).toEqual(texts);
  });

  it('gives back chunks whose frames differ, or whose own part is long, exactly', () => {
    const texts = ['{"a":1}', '{"b":2}', line('a'.repeat(40)), line('b'.repeat(40)), 'short', 'shorter'];
    expect(keptAll(texts)).toEqual(texts);
  });

  it('shares nothing across streams: each has its own', () => {
    const first = frameSharing();
    const second = frameSharing();
    expect([first(line('one ')), first(line('two '))]).toEqual([line('one '), line('two ')]);
    expect([second(line('three ')), first(line('four ')), second(line('five '))]).toEqual([
      line('three '),
      line('four '),
      line('five '),
    ]);
  });

  it('gives back any sequence of chunks exactly, frames changing and words sharing letters', () => {
    // A fixed pseudo-random sequence: two frames, words that share beginnings and ends, now and then a line of its own.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const words = ['the', 'then', 'there', 'other', 'her', 'a', '', 'éclair', '⟦o=12⟧', 'x'.repeat(300), '\n\n'];
    const texts = Array.from({ length: 2000 }, () => {
      const word = words[next(words.length)] ?? '';
      const kind = next(10);
      return kind === 0 ? `data: ${word}` : kind === 1 ? line('', word) : line(word);
    });
    expect(keptAll(texts)).toEqual(texts);
  });
});
