import { describe, expect, it } from 'vitest';
import type { WireChunk, WireThought } from '../../wire';
import { buildThoughtTree } from '../../thought-tree';
import { benchRun, benchSettings } from './bench';

const input = (question: string) => ({ question, model: 'gpt-4.1-mini' });

async function play(question: string): Promise<WireChunk[]> {
  const [step] = benchRun(input(question)).steps;
  if (step?.kind !== 'live') throw new Error('expected a live step');
  const sent: WireChunk[] = [];
  await step.play((chunk) => sent.push(chunk), new AbortController().signal);
  return sent;
}

const count = (nodes: readonly WireThought[]): number => nodes.reduce((sum, node) => sum + 1 + count(node.children), 0);

describe('Bench Streamer', () => {
  it('reads rate, size, marker spacing and tree size from the question, within limits', () => {
    expect(benchSettings('bench')).toEqual({ rate: 1000, size: 200_000, every: 2000, nodes: 0, chunks: 0, hold: 0 });
    expect(benchSettings('bench rate=50 size=9000 every=300 chunks=30 hold=500')).toEqual({
      rate: 50,
      size: 9000,
      every: 300,
      nodes: 0,
      chunks: 30,
      hold: 500,
    });
    expect(benchSettings('bench chunks=0').chunks).toBe(1);
    expect(benchSettings('bench tree nodes=99999 rate=0').nodes).toBe(20_000);
    expect(benchSettings('bench rate=0').rate).toBe(1);
  });

  it('streams on the wire the question names, else on the assistant’s own', () => {
    expect(benchRun(input('bench rate=50 size=900 wire=ndjson')).wire).toBe('ndjson');
    expect(benchRun(input('bench tree nodes=10 wire=sse')).wire).toBe('sse');
    expect(benchRun(input('bench rate=50 size=900')).wire).toBeUndefined();
  });

  it('streams markdown of the asked size whose markers carry their send time, and ends with the same text', async () => {
    const before = performance.timeOrigin + performance.now();
    const chunks = await play('bench rate=200000 size=6000 every=1000');
    const after = performance.timeOrigin + performance.now();
    const last = chunks[chunks.length - 1];
    const streamed = chunks
      .slice(0, -1)
      .map((chunk) => chunk.generated_chunk ?? '')
      .join('');
    expect(last).toMatchObject({ last: true, generated: streamed });
    expect(streamed.length).toBeGreaterThanOrEqual(6000);
    expect(streamed).toMatch(/^## 1\. /);
    expect(streamed).toContain('| --- |');
    expect(streamed).toContain('```ts');
    const markers = [...streamed.matchAll(/⟦o=(\d+) t=([\d.]+)( end)?⟧/g)];
    expect(markers.length).toBeGreaterThanOrEqual(5);
    for (const [, offset, sent] of markers) {
      expect(Number(sent)).toBeGreaterThanOrEqual(before - 1);
      expect(Number(sent)).toBeLessThanOrEqual(after + 1);
      expect(Number(offset)).toBeLessThanOrEqual(streamed.length);
    }
    expect(markers.filter((marker) => marker[3])).toHaveLength(1);
    expect(streamed.trimEnd().endsWith('end⟧')).toBe(true);
  });

  it('keeps to the token rate by the clock', async () => {
    const started = performance.now();
    const chunks = await play('bench rate=2000 size=1200 every=100000');
    const tokens = chunks.length - 1;
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(((tokens - 1) * 1000) / 2000 - 5);
    expect(elapsed).toBeLessThan(((tokens - 1) * 1000) / 2000 + 250);
  });

  it('sends the tokens due in the asked number of chunks a second, and holds the end back when asked', async () => {
    const started = performance.now();
    const chunks = await play('bench rate=600 chunks=30 size=1500 every=100000 hold=200');
    const elapsed = performance.now() - started;
    const tokens = chunks.slice(0, -1);
    const text = tokens.map((chunk) => chunk.generated_chunk ?? '').join('');
    expect(chunks[chunks.length - 1]).toMatchObject({ last: true, generated: text });
    // 600 tokens a second in 30 chunks: 20 tokens a chunk (the first chunk carries the token due at once).
    const words = (chunk: WireChunk) => (chunk.generated_chunk ?? '').split(/(?<=\s)(?=\S)/).length;
    expect(tokens.length).toBeGreaterThan(3);
    expect(Math.max(...tokens.slice(1, -1).map(words))).toBeGreaterThan(10);
    expect(elapsed).toBeGreaterThanOrEqual(((tokens.length - 1) * 1000) / 30 + 200 - 5);
    expect(elapsed).toBeLessThan(((tokens.length - 1) * 1000) / 30 + 200 + 250);
  });

  it('answers "bench tree" with a thought tree of the asked size', () => {
    const run = benchRun(input('bench tree nodes=1000'));
    const thoughts = run.steps.flatMap((step) =>
      step.kind === 'chunk' && step.chunk.thought ? [step.chunk.thought] : [],
    );
    const tree = buildThoughtTree(thoughts);
    expect(count(tree)).toBe(1000);
    expect(tree).toHaveLength(10);
    expect(thoughts.filter((thought) => thought.in_progress)).toHaveLength(1000);
  });
});
