import { describe, expect, it } from 'vitest';
import { movesIn } from './boot-measures';

const sample = (at: number, railTop: number | null, workflowsTop: number | null, composerTop: number | null) => ({
  at,
  railTop,
  workflowsTop,
  composerTop,
  lastTurnBottom: null,
});

describe('movesIn', () => {
  it('counts nothing for elements that appear once and stay', () => {
    expect(movesIn([sample(0, null, null, null), sample(10, null, 263, 842), sample(20, 212, 263, 842)])).toBe(0);
  });

  it('counts each move of the rail, the Workflows link and the message box after they showed', () => {
    expect(
      movesIn([
        sample(0, null, 263, 842),
        sample(10, 212, 371, 842),
        sample(20, 212, 371, 800),
        sample(30, 240, 371, 800),
      ]),
    ).toBe(3);
  });

  it('does not count an element leaving, nor coming back where it was', () => {
    expect(movesIn([sample(0, 212, 263, 842), sample(10, null, 263, 842), sample(20, 212, 263, 842)])).toBe(0);
  });
});
