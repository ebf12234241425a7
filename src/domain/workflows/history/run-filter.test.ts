import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterRuns, finalOutput, runsCsvHeader, runsCsvRows, type RunRecord } from './run-filter';

const run = (id: string, startedAt: number, change: Partial<RunRecord> = {}): RunRecord => ({
  id,
  workflowId: 'wf-sum',
  workflowName: 'Summarize document',
  userInput: `input of ${id}`,
  tags: [],
  status: 'Succeeded',
  startedAt,
  ...change,
});

const runs: RunRecord[] = [
  run('r1', 1000, { tags: ['Prod', 'q3'], sessionId: 'batch-7', executionId: 'exec-aaa' }),
  run('r2', 3000, {
    workflowId: 'wf-pay',
    workflowName: 'Payroll audit',
    status: 'In Progress',
    userInput: 'Check March payroll',
  }),
  run('r3', 2000, { tags: ['eval'], sessionId: 'batch-7', status: 'FAILED', fileName: 'march.csv' }),
];
const ids = (list: readonly RunRecord[]) => list.map((item) => item.id);

describe('filterRuns', () => {
  it('gives every run, newest first, for an empty filter, without touching the list', () => {
    const copy = [...runs];
    expect(ids(filterRuns(runs, {}))).toEqual(['r2', 'r3', 'r1']);
    expect(ids(filterRuns(runs, { tag: ' ', text: '', status: '' }))).toEqual(['r2', 'r3', 'r1']);
    expect(runs).toEqual(copy);
  });

  it('filters by tag without case, by ids exactly, and by status by meaning', () => {
    expect(ids(filterRuns(runs, { tag: 'prod' }))).toEqual(['r1']);
    expect(ids(filterRuns(runs, { sessionId: 'batch-7' }))).toEqual(['r3', 'r1']);
    expect(ids(filterRuns(runs, { sessionId: 'BATCH-7' }))).toEqual([]);
    expect(ids(filterRuns(runs, { workflowId: 'wf-pay' }))).toEqual(['r2']);
    expect(ids(filterRuns(runs, { status: 'failed' }))).toEqual(['r3']);
    expect(ids(filterRuns(runs, { status: 'in_progress' }))).toEqual(['r2']);
  });

  it('finds words anywhere in input, tags, session, workflow name, execution id and file name', () => {
    expect(ids(filterRuns(runs, { text: 'MARCH payroll' }))).toEqual(['r2']);
    expect(ids(filterRuns(runs, { text: 'exec-AAA' }))).toEqual(['r1']);
    expect(ids(filterRuns(runs, { text: 'batch-7 eval' }))).toEqual(['r3']);
    expect(ids(filterRuns(runs, { text: 'summarize' }))).toEqual(['r3', 'r1']);
    expect(ids(filterRuns(runs, { text: 'march.csv' }))).toEqual(['r3']);
    expect(ids(filterRuns(runs, { text: 'nowhere' }))).toEqual([]);
  });

  it('keeps the fields of a richer record and accepts optional fields set to undefined', () => {
    const rich = [{ ...run('r9', 5, { sessionId: undefined }), forwarded: null, serverSessionId: 'e-9' }];
    const [found] = filterRuns(rich, { text: 'r9' });
    expect(found?.serverSessionId).toBe('e-9');
  });

  it('combines criteria', () => {
    expect(ids(filterRuns(runs, { sessionId: 'batch-7', tag: 'EVAL' }))).toEqual(['r3']);
  });

  it('only ever narrows, and always sorts newest first (property)', () => {
    const record = fc.record({
      id: fc.uuid(),
      startedAt: fc.integer({ min: 0, max: 1e12 }),
      tags: fc.array(fc.constantFrom('a', 'B', 'c')),
      userInput: fc.string(),
    });
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 20 }),
        fc.constantFrom('', 'a', 'b'),
        fc.string({ maxLength: 3 }),
        (items, tag, text) => {
          const all = items.map((item) => run(item.id, item.startedAt, item));
          const some = filterRuns(all, { tag, text });
          expect(some.length).toBeLessThanOrEqual(all.length);
          const times = some.map((item) => item.startedAt);
          expect(times).toEqual([...times].sort((a, b) => b - a));
          expect(filterRuns(some, { tag, text })).toEqual(some);
        },
      ),
    );
  });
});

describe('runs export', () => {
  it('names its columns', () => {
    expect(runsCsvHeader.join('|')).toBe(
      'started at|finished at|workflow|workflow id|execution id|status|session id|tags|input|file name|header profile|final output',
    );
  });

  it('gives a header and one row per run, times in UTC and tags joined', () => {
    const rows = runsCsvRows([
      run('r1', Date.UTC(2026, 10, 22, 9, 30), {
        tags: ['Prod', 'q3'],
        executionId: 'e-1',
        sessionId: 's',
        finishedAt: Date.UTC(2026, 10, 22, 9, 31),
        profileName: 'Tenant A',
        outputs: [
          { stateId: 's1', name: 'read', output: 'draft' },
          { stateId: 's2', name: 'summarize', output: 'final' },
        ],
      }),
      run('r2', 0, { finishedAt: Number.NaN }),
    ]);
    expect(rows).toEqual([
      [...runsCsvHeader],
      [
        '2026-11-22T09:30:00.000Z',
        '2026-11-22T09:31:00.000Z',
        'Summarize document',
        'wf-sum',
        'e-1',
        'Succeeded',
        's',
        'Prod, q3',
        'input of r1',
        '',
        'Tenant A',
        'final',
      ],
      [
        '1970-01-01T00:00:00.000Z',
        '',
        'Summarize document',
        'wf-sum',
        '',
        'Succeeded',
        '',
        '',
        'input of r2',
        '',
        '',
        '',
      ],
    ]);
  });

  it('takes the last state’s output as the final one', () => {
    expect(finalOutput(run('r', 0))).toBe('');
    expect(finalOutput(run('r', 0, { outputs: [] }))).toBe('');
    expect(finalOutput(run('r', 0, { outputs: [{ stateId: 'a', name: 'a', output: 'x' }] }))).toBe('x');
  });
});
