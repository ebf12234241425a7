import { describe, expect, it } from 'vitest';
import { unitsOf, workflowStates, type RunInput } from './definitions';

const input = (userInput: string): RunInput => ({
  userInput,
  tags: [],
  sessionId: 's',
  fileNames: [],
  previousOutput: null,
  resumeInput: null,
  forwarded: {},
  propagate: false,
  mcpUrl: 'http://localhost:0/mcp',
});
const summarizeId = Object.keys(workflowStates).find((id) => workflowStates[id]?.[0]?.name === 'Read input') ?? '';

describe('workflow state durations', () => {
  it('reads a long document longer, up to a bound', () => {
    const read = workflowStates[summarizeId]?.[0];
    if (!read) throw new Error('Summarize document has no Read input state');
    expect(unitsOf(read, input('Short.'))).toBe(35);
    expect(unitsOf(read, input('x'.repeat(10_000)))).toBe(135);
    expect(unitsOf(read, input('x'.repeat(1_000_000)))).toBe(235);
  });

  it('keeps fixed durations as they are', () => {
    const write = workflowStates[summarizeId]?.[2];
    if (!write) throw new Error('Summarize document has no third state');
    expect(unitsOf(write, input('x'.repeat(10_000)))).toBe(50);
  });
});
