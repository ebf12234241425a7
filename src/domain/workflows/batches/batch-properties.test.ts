// A batch's invariants over random sequences of steps: never over its concurrency, every row ending once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancel,
  continueWaiting,
  counts,
  createBatch,
  nextToContinue,
  nextToStart,
  pause,
  resume,
  resumeAfterReload,
  retryFailed,
  rowFinished,
  rowLaunched,
  rowResumed,
  rowStarted,
  type Batch,
  type RowOutcome,
} from './batch';

const batchOf = (size: number, concurrency = 2) => {
  const inputs = Array.from({ length: size }, (_, index) => ({ input: `in ${index}` }));
  return createBatch({ id: 'b1', workflowId: 'wf', inputs, concurrency });
};

describe('batch invariants (property)', () => {
  const outcome: fc.Arbitrary<RowOutcome> = fc.oneof(
    fc.constant<RowOutcome>({ status: 'succeeded', output: 'ok' }),
    fc.constant<RowOutcome>({ status: 'failed', error: 'boom' }),
    fc.constant<RowOutcome>({ status: 'cancelled' }),
    fc.constant<RowOutcome>({ status: 'waiting', output: 'draft' }),
  );
  const step = fc.oneof(
    fc.record({ kind: fc.constant('startNext' as const) }),
    fc.record({ kind: fc.constant('start' as const), index: fc.nat(12) }),
    fc.record({ kind: fc.constant('launch' as const), index: fc.nat(12) }),
    fc.record({ kind: fc.constant('finish' as const), index: fc.nat(12), outcome }),
    fc.record({ kind: fc.constant('continueAll' as const), message: fc.constantFrom('', 'go on') }),
    fc.record({ kind: fc.constant('continueNext' as const) }),
    fc.record({
      kind: fc.constantFrom(
        'pause' as const,
        'resume' as const,
        'cancel' as const,
        'retry' as const,
        'reload' as const,
      ),
    }),
  );
  type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

  const apply = (batch: Batch, action: Step): Batch => {
    switch (action.kind) {
      case 'startNext':
        return nextToStart(batch).reduce(rowStarted, batch);
      case 'start':
        return rowStarted(batch, action.index);
      case 'launch':
        return rowLaunched(batch, action.index, `e-${action.index}`);
      case 'finish':
        return rowFinished(batch, action.index, action.outcome);
      case 'continueAll':
        return continueWaiting(batch, action.message);
      case 'continueNext':
        return nextToContinue(batch).reduce(rowResumed, batch);
      case 'pause':
        return pause(batch);
      case 'resume':
        return resume(batch);
      case 'cancel':
        return cancel(batch);
      case 'retry':
        return retryFailed(batch);
      case 'reload':
        return resumeAfterReload(batch).batch;
    }
  };

  it('never runs more than `concurrency` rows, keeps counts whole and states consistent', () => {
    const sizes = fc.integer({ min: 0, max: 12 });
    const widths = fc.integer({ min: 1, max: 4 });
    fc.assert(
      fc.property(sizes, widths, fc.array(step, { maxLength: 60 }), (size, width, steps) => {
        let batch = batchOf(size, width);
        for (const action of steps) {
          const before = batch;
          batch = apply(batch, action);
          const tally = counts(batch);
          expect(tally.running).toBeLessThanOrEqual(batch.concurrency);
          expect(tally.queued + tally.running + tally.waiting + tally.succeeded + tally.failed + tally.cancelled).toBe(
            size,
          );
          expect(batch.rows.map((row) => row.index)).toEqual(Array.from({ length: size }, (_, index) => index));
          expect(batch.rows.map((row) => row.input)).toEqual(before.rows.map((row) => row.input));
          if (batch.state === 'cancelled') expect(tally.queued + tally.waiting).toBe(0);
          if (batch.state === 'done') expect(tally.queued + tally.running + tally.waiting).toBe(0);
          if (batch.state === 'running' || batch.state === 'paused')
            expect(tally.queued + tally.running + tally.waiting).toBeGreaterThan(0);
          for (const index of nextToContinue(batch)) expect(batch.rows[index]?.status).toBe('waiting');
          expect(nextToContinue(batch).length + tally.running).toBeLessThanOrEqual(batch.concurrency);
          for (const index of nextToStart(batch)) expect(batch.rows[index]?.status).toBe('queued');
          expect(nextToStart(batch).length + tally.running).toBeLessThanOrEqual(batch.concurrency);
        }
      }),
    );
  });
});
