import { describe, expect, it } from 'vitest';
import { editDraftsKey, readEditDrafts, writeEditDrafts } from './edit-drafts';

describe('edit drafts', () => {
  it('read back what was written', () => {
    const edits = { t1: 'Explain OAuth scopes', t2: 'line one\nline two' };
    expect(readEditDrafts(writeEditDrafts(edits))).toEqual(edits);
  });

  it('are removed (an empty record) once nothing is being edited', () => {
    expect(writeEditDrafts({})).toBe('');
    expect(readEditDrafts('')).toEqual({});
  });

  it('read a damaged record as no edits', () => {
    expect(readEditDrafts('{not json')).toEqual({});
    expect(readEditDrafts('{"t1": 42}')).toEqual({});
    expect(readEditDrafts('"a composer draft"')).toEqual({});
  });

  it('are kept apart from the composer draft of the same conversation', () => {
    expect(editDraftsKey('c1')).not.toBe('c1');
  });
});
