import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalStatus,
  executionStatuses,
  isTerminal,
  statusLabel,
  statusTone,
  terminalStatuses,
} from './execution-status';

describe('isTerminal', () => {
  it('stops following at every status after which nothing changes', () => {
    const ended = ['Succeeded', 'Failed', 'Aborted', 'Interrupted', 'AUTHENTICATION_REQUIRED'];
    for (const status of ended) expect(isTerminal(status)).toBe(true);
    expect([...terminalStatuses].sort()).toEqual([
      'AUTHENTICATION_REQUIRED',
      'Aborted',
      'Failed',
      'Interrupted',
      'Succeeded',
    ]);
  });

  it('keeps following a run that has not ended or has not started', () => {
    expect(isTerminal('In Progress')).toBe(false);
    expect(isTerminal('Not Started')).toBe(false);
  });

  it('reads other spellings of case and separators', () => {
    for (const status of [
      'succeeded',
      'SUCCEEDED',
      ' Failed ',
      'authentication required',
      'Authentication-Required',
      'aborted',
    ]) {
      expect(isTerminal(status)).toBe(true);
    }
    for (const status of ['IN_PROGRESS', 'in progress', 'in-progress', 'NOT_STARTED'])
      expect(isTerminal(status)).toBe(false);
  });

  it('keeps following an unknown or empty status rather than end on a guess', () => {
    for (const status of ['', '   ', 'Paused', 'constructor', '__proto__', 'toString'])
      expect(isTerminal(status)).toBe(false);
  });

  it('does not depend on letter case (property)', () => {
    const caseMix = fc.tuple(
      fc.constantFrom(...executionStatuses),
      fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
    );
    fc.assert(
      fc.property(caseMix, ([status, flips]) => {
        const mixed = [...status]
          .map((character, index) => (flips[index] ? character.toUpperCase() : character.toLowerCase()))
          .join('');
        expect(isTerminal(mixed)).toBe(isTerminal(status));
        expect(canonicalStatus(mixed)).toBe(status);
      }),
    );
  });
});

describe('canonicalStatus', () => {
  it('folds neighbouring words onto the server list', () => {
    expect(canonicalStatus('running')).toBe('In Progress');
    expect(canonicalStatus('Completed')).toBe('Succeeded');
    expect(canonicalStatus('error')).toBe('Failed');
    expect(canonicalStatus('Canceled')).toBe('Aborted');
    expect(canonicalStatus('pending')).toBe('Not Started');
    expect(canonicalStatus('Weird')).toBeNull();
  });
});

describe('tone and label', () => {
  it('gives every known status the colour UX.md assigns', () => {
    expect(executionStatuses.map((status) => [status, statusTone(status)])).toEqual([
      ['Not Started', 'running'],
      ['In Progress', 'running'],
      ['Succeeded', 'success'],
      ['Failed', 'error'],
      ['Aborted', 'neutral'],
      ['Interrupted', 'waiting'],
      ['AUTHENTICATION_REQUIRED', 'warning'],
    ]);
    expect(statusTone('mystery')).toBe('neutral');
  });

  it('labels statuses in plain words and shows an unknown one as written', () => {
    expect(statusLabel('AUTHENTICATION_REQUIRED')).toBe('Sign-in required');
    // Paused for a person is waiting, not a failure.
    expect(statusLabel('INTERRUPTED')).toBe('Waiting for you');
    expect(statusLabel('IN_PROGRESS')).toBe('In progress');
    expect(statusLabel(' Queued for GPU ')).toBe('Queued for GPU');
    expect(statusLabel('')).toBe('Unknown');
  });
});
