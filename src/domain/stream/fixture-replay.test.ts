// Recorded Research Agent streams (platform/fixtures/record.ts writes them), replayed through the NDJSON
// splitter, the chunk reader and the reducer. The SSE recording is cut into events here by its blank lines.
import { describe, expect, it } from 'vitest';
import { applyChunk, emptyAnswer, endAnswer, type Answer } from '@/domain/answer/answer';
import { createJsonObjectSplitter } from './json-object-splitter';
import { restoreDeployedBraces, toStreamChunk } from './stream-chunk';
import { summarizeTree, thoughtStatus, type ThoughtNode } from '@/domain/thoughts/thought-tree';
import ndjsonRecording from './fixtures/research-agent.ndjson.txt?raw';
import sseRecording from './fixtures/research-agent.sse.txt?raw';

function replayNdjson(body: string): Answer {
  const splitter = createJsonObjectSplitter();
  const { objects, stray } = splitter.push(body);
  expect(stray).toEqual([]);
  expect(splitter.end()).toEqual({ objects: [], stray: [], tooLarge: [] });
  const answer = objects
    .map((text) => toStreamChunk(JSON.parse(text, restoreDeployedBraces)))
    .reduce<Answer>((state, chunk) => (chunk ? applyChunk(state, chunk) : state), emptyAnswer);
  return endAnswer(answer, 'completed');
}

function replaySse(body: string): Answer {
  const events = body.split('\n\n').filter((event) => event.startsWith('data: '));
  const answer = events
    .map((event) => toStreamChunk(JSON.parse(event.slice('data: '.length))))
    .reduce<Answer>((state, chunk) => (chunk ? applyChunk(state, chunk) : state), emptyAnswer);
  return endAnswer(answer, 'completed');
}

const outline = (nodes: readonly ThoughtNode[], depth = 1): string[] =>
  nodes.flatMap((node) => [`${depth} ${node.authorName} ${thoughtStatus(node)}`, ...outline(node.children, depth + 1)]);

describe('recorded Research Agent streams', () => {
  const sse = replaySse(sseRecording);
  const ndjson = replayNdjson(ndjsonRecording);

  it('the NDJSON wire really is back to back, with }_{ inside strings', () => {
    const raw = ndjsonRecording;
    expect(raw).toContain('}{"time_elapsed"');
    expect(raw).toContain('}_{');
  });

  it('builds the full nested tree, with the child that came before its parent attached', () => {
    expect(outline(sse.thoughts.roots)).toEqual([
      '1 Research Agent completed',
      '2 Web Researcher completed',
      '3 web_search completed',
      '3 fetch_page error',
      '2 Analyst completed',
      '3 python completed',
      '3 Findings completed',
      '1 Fact Checker completed',
      '2 cite_sources completed',
    ]);
    expect(sse.thoughts.waiting).toEqual({});
    expect(summarizeTree(sse.thoughts)).toEqual({ steps: 9, tools: 4, errors: 1, running: 0 });
  });

  it('ends complete, with the whole answer and its time', () => {
    expect(sse.complete).toBe(true);
    expect(sse.text).toMatch(/^## /);
    expect(sse.text).toContain('}{');
    expect(sse.timeElapsed).toBe(4.2);
  });

  it('gives the same answer and tree on both wires', () => {
    expect(ndjson).toEqual(sse);
  });
});
