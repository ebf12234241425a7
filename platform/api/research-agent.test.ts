// The Research Agent on both wires: a live thought tree that agrees with the JSON answer.
import { describe, expect, it } from 'vitest';
import type { WireAssistantAnswer, WireChunk, WireThought } from '../wire';
import { chunksOf, readRaw, splitJsonObjects } from '../stream-read';
import { api, ids, passwordToken, platformWithAnalyst, startTestPlatform } from '../test-support';
import { buildThoughtTree } from '../thought-tree';

const { analyst } = platformWithAnalyst(1);

const question = 'How do solar panels work?';

async function stream(id: string): Promise<{ text: string; type: string | null; chunks: WireChunk[] }> {
  const response = await analyst(`/assistants/${id}/model`, { body: { text: question, stream: true } });
  expect(response.status).toBe(200);
  const { text, error } = await readRaw(response);
  expect(error).toBeUndefined();
  const type = response.headers.get('content-type');
  const { chunks, bad } = chunksOf(type, text);
  expect(bad).toEqual([]);
  return { text, type, chunks };
}

const thoughtsOf = (chunks: WireChunk[]): WireThought[] =>
  chunks.flatMap((chunk) => (chunk.thought ? [chunk.thought] : []));
const shape = (nodes: WireThought[]): unknown[] => nodes.map((node) => [node.author_name, shape(node.children)]);
const all = (nodes: WireThought[]): WireThought[] => nodes.flatMap((node) => [node, ...all(node.children)]);

describe('Research Agent', () => {
  it('streams a thought tree over SSE that replays to the JSON answer', async () => {
    const { chunks } = await stream(ids.research);
    const updates = thoughtsOf(chunks);
    const tree = buildThoughtTree(updates);
    const json = (await (
      await analyst(`/assistants/${ids.research}/model`, { body: { text: question } })
    ).json()) as WireAssistantAnswer;
    expect(json.thoughts).toEqual(tree);
    expect(shape(tree)).toEqual([
      [
        'Research Agent',
        [
          [
            'Web Researcher',
            [
              ['web_search', []],
              ['fetch_page', []],
            ],
          ],
          [
            'Analyst',
            [
              ['python', []],
              ['Findings', []],
            ],
          ],
        ],
      ],
      ['Fact Checker', [['cite_sources', []]]],
    ]);
    const nodes = all(tree);
    expect(nodes.every((node) => !node.in_progress && typeof node.metadata['duration_ms'] === 'number')).toBe(true);
    const byName = new Map(nodes.map((node) => [node.author_name, node]));
    expect(byName.get('fetch_page')).toMatchObject({
      error: true,
      message: 'HTTP 503 from example.org (simulated)',
      metadata: { status: 'error' },
    });
    expect(byName.get('web_search')).toMatchObject({
      author_type: 'Tool',
      metadata: { status: 'completed', replay_type: 'tool', tool_name: 'web_search' },
    });
    expect(JSON.parse(byName.get('web_search')?.input_text ?? '')).toEqual({ query: question, max_results: 2 });
    expect(byName.get('web_search')?.message).toContain('}{');
    expect(byName.get('python')?.message.split('\n').length).toBeGreaterThanOrEqual(400);
    expect(byName.get('python')?.metadata['image_artifacts']).toEqual([
      { data: expect.stringMatching(/^iVBORw0KGgo/), mime_type: 'image/png' },
    ]);
    expect(byName.get('Findings')).toMatchObject({ output_format: 'markdown' });
    expect(byName.get('Findings')?.message).toMatch(/^- /m);

    // Every node first arrives running, later finished; the Research Agent keeps running across many chunks.
    for (const node of nodes) {
      const own = updates.filter((update) => update.id === node.id);
      expect(own[0]?.in_progress).toBe(true);
      expect(own.at(-1)?.in_progress).toBe(false);
    }
    // On the wire: the python call arrives before its parent, and one thought uses parent_id "latest".
    const first = (name: string) => updates.findIndex((update) => update.author_name === name);
    expect(first('python')).toBeLessThan(first('Analyst'));
    expect(updates[first('python')]?.parent_id).toBe(byName.get('Analyst')?.id);
    expect(updates[first('cite_sources')]?.parent_id).toBe('latest');

    const last = chunks.at(-1);
    expect(last).toMatchObject({ last: true });
    expect(typeof last?.time_elapsed).toBe('number');
    const answer = chunks.map((chunk) => chunk.generated_chunk ?? '').join('');
    expect(answer).toBe(last?.generated);
    expect(json.generated).toBe(answer);
    expect(answer.split(/\s+/).length).toBeGreaterThanOrEqual(60);
    expect(answer.split(/\s+/).length).toBeLessThanOrEqual(120);
    expect(answer).toContain('naïve café — 日本語 ✓');
  });

  it('sends the same chunks back to back on the NDJSON wire, with }{ in streamed text written as }_{', async () => {
    const sse = await stream(ids.research);
    const { text, type, chunks } = await stream(ids.researchNdjson);
    expect(type).toBe('application/x-ndjson');
    expect(text.indexOf('\n')).toBe(text.length - 1);
    expect(/"tool_call_pending":null\}\{"time_elapsed"/.test(text)).toBe(true);
    expect(text.includes(String.raw`\"hits\":2}_{\"tool\"`)).toBe(true);
    expect(text.includes('naïve café — 日本語 ✓')).toBe(true);
    expect(splitJsonObjects(text)).toHaveLength(sse.chunks.length);
    expect(chunks.at(-1)?.last).toBe(true);
    const comparable = (chunk: WireChunk): string => JSON.stringify({ ...chunk, time_elapsed: null });
    const escaped = (text: string) => text.replaceAll('}{', '}_{');
    const escapedThought = (thought: WireThought): WireThought => ({
      ...thought,
      message: escaped(thought.message),
      children: thought.children.map(escapedThought),
    });
    const streamedTextEscaped = (chunk: WireChunk): WireChunk => ({
      ...chunk,
      generated_chunk: chunk.generated_chunk === null ? null : escaped(chunk.generated_chunk),
      thought: chunk.thought === null ? null : escapedThought(chunk.thought),
    });
    expect(chunks.map(comparable)).toEqual(sse.chunks.map((chunk) => comparable(streamedTextEscaped(chunk))));
  });

  it('can force every stream onto NDJSON with the streamWire option', async () => {
    const forced = await startTestPlatform(0, 600, 'ndjson');
    try {
      const call = api(forced, await passwordToken(forced, 'analyst'));
      const response = await call(`/assistants/${ids.research}/model`, { body: { text: question, stream: true } });
      expect(response.headers.get('content-type')).toBe('application/x-ndjson');
      const { chunks, bad } = chunksOf(response.headers.get('content-type'), (await readRaw(response)).text);
      expect(bad).toEqual([]);
      expect(chunks.at(-1)?.last).toBe(true);
    } finally {
      await forced.close();
    }
  });
});
