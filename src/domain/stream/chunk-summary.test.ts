import { describe, expect, it } from 'vitest';
import { formatOffset, summarizeChunk } from './chunk-summary';

const wire = (fields: Record<string, unknown>) =>
  JSON.stringify({
    generated_chunk: null,
    thought: null,
    last: null,
    execution_error: null,
    workflow_state: null,
    ...fields,
  });

describe('summarizeChunk', () => {
  it('names a wire chunk by what it carries', () => {
    expect(summarizeChunk(wire({ generated_chunk: 'Hello\nthere' }))).toEqual({
      kind: 'text',
      summary: '"Hello\\nthere"',
    });
    expect(
      summarizeChunk(wire({ thought: { id: 't', author_name: 'Research Agent', message: 'Planning  research' } })),
    ).toEqual({ kind: 'thought', summary: 'Research Agent: Planning research' });
    expect(summarizeChunk(wire({ last: true, time_elapsed: 3.4, generated: 'Done.' }))).toEqual({
      kind: 'last',
      summary: 'after 3.4 s · "Done."',
    });
    expect(summarizeChunk(wire({ execution_error: 'Tool failed' }))).toEqual({ kind: 'error', summary: 'Tool failed' });
    expect(summarizeChunk(wire({ workflow_state: { name: 'Scope', status: 'running' } }))).toEqual({
      kind: 'state',
      summary: 'Scope',
    });
    expect(summarizeChunk(wire({ context: { a: 1 } }))).toEqual({ kind: 'chunk', summary: 'context' });
  });

  it('prefers the chunk’s own type or event field', () => {
    expect(summarizeChunk('{"type":"delta","content":"Hi"}')).toEqual({ kind: 'delta', summary: 'Hi' });
    expect(summarizeChunk('{"event":"ping"}')).toEqual({ kind: 'ping', summary: '{}' });
  });

  it('reads a named SSE event, plain text and an unreadable piece', () => {
    expect(summarizeChunk('event: error\ndata: {"message":"Rate limited"}')).toEqual({
      kind: 'error',
      summary: 'Rate limited',
    });
    expect(summarizeChunk('not json')).toEqual({ kind: 'text', summary: 'not json' });
    expect(summarizeChunk('{"broken', true)).toEqual({ kind: 'unreadable', summary: '{"broken' });
  });

  it('keeps the summary to one short line', () => {
    const { summary } = summarizeChunk(wire({ generated_chunk: 'word '.repeat(100) }));
    expect(summary).toHaveLength(160);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('formatOffset', () => {
  it('reads in seconds with milliseconds', () => {
    expect(formatOffset(123)).toBe('+0.123 s');
    expect(formatOffset(61_005)).toBe('+61.005 s');
  });
});
