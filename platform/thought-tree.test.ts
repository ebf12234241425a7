// The merge rule for streamed thoughts, and the recorded Research Agent fixtures.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { WireThought } from './wire';
import { fixtureFiles, recordResearchBodies } from './fixtures/record';
import { startTestPlatform } from './test-support';
import { buildThoughtTree } from './thought-tree';

const thought = (id: string, fields: Partial<WireThought> = {}): WireThought => ({
  id,
  parent_id: null,
  metadata: {},
  in_progress: true,
  input_text: '',
  message: '',
  author_type: 'Agent',
  author_name: id,
  output_format: 'text',
  children: [],
  ...fields,
});

describe('thought merge rule', () => {
  it('appends messages, merges metadata, replaces flags, resolves "latest" and early children', () => {
    const tree = buildThoughtTree([
      thought('a', { message: 'Hel', metadata: { x: 1 } }),
      thought('c', { parent_id: 'b', message: 'early' }),
      thought('a', { message: 'lo', metadata: { y: 2 }, in_progress: false, error: true }),
      thought('b', { parent_id: 'a' }),
      thought('d'),
      thought('e', { parent_id: 'latest' }),
      thought('d', { children: [thought('f')] }),
    ]);
    expect(tree.map((node) => node.id)).toEqual(['a', 'd']);
    expect(tree[0]).toMatchObject({ message: 'Hello', metadata: { x: 1, y: 2 }, in_progress: false, error: true });
    expect(tree[0]?.children[0]?.children.map((node) => [node.id, node.message])).toEqual([['c', 'early']]);
    expect(tree[1]?.children.map((node) => [node.id, node.parent_id])).toEqual([
      ['e', 'd'],
      ['f', 'd'],
    ]);
  });

  it('places children whose parent never came at top level', () => {
    expect(buildThoughtTree([thought('x', { parent_id: 'missing' })]).map((node) => node.id)).toEqual(['x']);
  });
});

describe('recorded fixtures', () => {
  it('match a fresh recording (deterministic; rerun platform/fixtures/record.ts after script changes)', async () => {
    const platform = await startTestPlatform(0);
    try {
      const fresh = await recordResearchBodies(platform);
      expect(fresh.sse === (await readFile(fixtureFiles.sse, 'utf8'))).toBe(true);
      expect(fresh.ndjson === (await readFile(fixtureFiles.ndjson, 'utf8'))).toBe(true);
    } finally {
      await platform.close();
    }
  });
});
