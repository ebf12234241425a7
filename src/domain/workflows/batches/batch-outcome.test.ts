import { describe, expect, it } from 'vitest';
import { outcomeForStatus } from './batch-outcome';
import { executionStatuses, isTerminal } from '@/domain/workflows/run/execution-status';

describe('outcomeForStatus', () => {
  it('has an outcome for exactly the terminal statuses', () => {
    for (const status of executionStatuses) expect(outcomeForStatus(status) !== null, status).toBe(isTerminal(status));
    expect(outcomeForStatus('Something new')).toBeNull();
  });

  it('maps each ending to a row status with a reason, keeping the output', () => {
    expect(outcomeForStatus('SUCCEEDED', 'done')).toEqual({ status: 'succeeded', output: 'done' });
    expect(outcomeForStatus('Succeeded')).toEqual({ status: 'succeeded' });
    expect(outcomeForStatus('Failed', 'trace')).toEqual({
      status: 'failed',
      error: 'The execution failed.',
      output: 'trace',
    });
    expect(outcomeForStatus('Interrupted', 'draft')).toEqual({ status: 'waiting', output: 'draft' });
    expect(outcomeForStatus('AUTHENTICATION_REQUIRED')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('sign in'),
    });
    expect(outcomeForStatus('Aborted', 'ignored')).toEqual({
      status: 'cancelled',
      error: 'The execution was aborted.',
    });
  });
});
