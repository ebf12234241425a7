import { describe, expect, it } from 'vitest';
import { alignStates, compareRuns, kinshipOf, type CompareSide, type CompareState } from './run-compare';

const state = (key: string, output = `${key} done`, status = 'Succeeded', durationMs = 1000): CompareState => ({
  key,
  name: key,
  status,
  output,
  durationMs,
});
const side = (overrides: Partial<CompareSide>): CompareSide => ({
  runId: 'r',
  workflowId: 'w1',
  workflowName: 'Summarize',
  input: 'Costs fell.',
  tags: ['q3'],
  fileNames: [],
  headers: [],
  status: 'Succeeded',
  states: [],
  ...overrides,
});

describe('alignStates', () => {
  it('pairs states by key and marks only the changed ones', () => {
    const pairs = alignStates(
      [state('read'), state('write', 'Costs fell by 4%.')],
      [state('read'), state('write', 'Costs fell by 9%.', 'Succeeded', 1500)],
    );
    expect(pairs.map((pair) => [pair.key, pair.identical])).toEqual([
      ['read', true],
      ['write', false],
    ]);
    expect(pairs[1]?.durationDeltaMs).toBe(500);
    expect(pairs[1]?.output).toMatchObject({ added: 1, removed: 1 });
  });

  it('pairs a repeated state by its occurrence, and slots a state only one run has where it ran', () => {
    const left = [state('draft'), state('review'), state('draft', 'second draft'), state('publish')];
    const right = [state('draft'), state('check'), state('review'), state('draft', 'second draft')];
    const pairs = alignStates(left, right);
    expect(pairs.map((pair) => `${pair.key}:${pair.left ? 'L' : '-'}${pair.right ? 'R' : '-'}`)).toEqual([
      'draft:LR',
      'check:-R',
      'review:LR',
      'draft:LR',
      'publish:L-',
    ]);
    expect(pairs[1]?.identical).toBe(false);
    expect(pairs[3]?.identical).toBe(true);
  });

  it('sees a status change even when the outputs are the same', () => {
    const [pair] = alignStates([state('gate', 'x', 'Interrupted')], [state('gate', 'x', 'Succeeded')]);
    expect(pair).toMatchObject({ statusDiffers: true, identical: false });
  });
});

describe('compareRuns', () => {
  it('compares the facts of two runs and counts the states that differ', () => {
    const comparison = compareRuns(
      side({ states: [state('a'), state('b', 'old')], tags: ['q3'], finalOutput: 'old' }),
      side({ states: [state('a'), state('b', 'new')], tags: ['q3', 'rerun'], sessionId: 's-2', finalOutput: 'new' }),
    );
    expect(comparison.sameWorkflow).toBe(true);
    expect(comparison.differingStates).toBe(1);
    expect(comparison.facts.filter((fact) => !fact.same).map((fact) => fact.field)).toEqual(['tags', 'session']);
    expect(comparison.finalOutput.identical).toBe(false);
  });

  it('names files by their names, not by the encoded file URLs real servers give them', () => {
    const fileUrl = (name: string) => btoa(`10~text/plain7~analyst${name.length}~${name}`);
    const comparison = compareRuns(
      side({ fileNames: [fileUrl('q3.csv')] }),
      side({ fileNames: [fileUrl('q4.csv'), 'not-a-file-url.txt'] }),
    );
    expect(comparison.facts.find((fact) => fact.field === 'files')).toEqual({
      field: 'files',
      left: 'q3.csv',
      right: 'q4.csv, not-a-file-url.txt',
      same: false,
    });
  });

  it('compares only inputs and final outputs for runs of different workflows', () => {
    const comparison = compareRuns(
      side({ states: [state('a')] }),
      side({ workflowId: 'w2', workflowName: 'Translate', states: [state('a')] }),
    );
    expect(comparison).toMatchObject({ sameWorkflow: false, states: [], differingStates: 0 });
    expect(comparison.facts.find((fact) => fact.field === 'workflow')?.same).toBe(false);
  });
});

describe('kinshipOf', () => {
  it('says which run is the parent when one was forked from the other, in either order, and nothing otherwise', () => {
    const parent = { id: 'p' };
    const fork = { id: 'f', parentRunId: 'p' };
    expect(kinshipOf(parent, fork)).toEqual({ parent: 'A', fork: 'B' });
    expect(kinshipOf(fork, parent)).toEqual({ parent: 'B', fork: 'A' });
    expect(kinshipOf(parent, { id: 'x', parentRunId: 'other' })).toBeNull();
    expect(kinshipOf({ id: 'x' }, { id: 'y' })).toBeNull();
  });
});
