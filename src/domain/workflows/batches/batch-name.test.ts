import { describe, expect, it } from 'vitest';
import { batchLabel, batchNameProblem, keptBatchName } from './batch-name';

describe('a batch’s name', () => {
  it('is optional, one line, at most 60 characters', () => {
    expect(batchNameProblem('')).toBeNull();
    expect(batchNameProblem('  prompt v2  ')).toBeNull();
    expect(batchNameProblem('x'.repeat(61))).toBe('The batch name is 61 characters; at most 60.');
    expect(batchNameProblem('two\u0007words')).toMatch(/^The batch name has a control character/);
  });

  it('is kept trimmed, and not at all when blank', () => {
    expect(keptBatchName('  prompt v2 ')).toBe('prompt v2');
    expect(keptBatchName('   ')).toBeUndefined();
  });

  it('labels the batch; without one the batch is known by when it started', () => {
    const createdAt = Date.UTC(2026, 10, 26, 10, 42, 7);
    expect(batchLabel({ name: 'prompt v2', createdAt })).toBe('Batch “prompt v2”');
    expect(batchLabel({ createdAt }, 'en-GB')).toBe(`Batch of ${new Date(createdAt).toLocaleString('en-GB')}`);
  });
});
