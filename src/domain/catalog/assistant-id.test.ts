import { describe, expect, it } from 'vitest';
import { checkAssistantId, checkWorkflowId } from './assistant-id';

describe('checkAssistantId', () => {
  it('accepts a UUID, trimmed and lower-cased', () => {
    expect(checkAssistantId('  A1000000-0000-4000-8000-000000000001 ')).toEqual({
      ok: true,
      id: 'a1000000-0000-4000-8000-000000000001',
    });
  });

  it('asks for an id when the field is empty', () => {
    expect(checkAssistantId('   ')).toEqual({ ok: false, message: 'Enter an assistant ID.' });
  });

  it('says how long the input is when it is the wrong length', () => {
    const result = checkAssistantId('general');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain('it has 7 characters, a UUID has 36');
  });

  it('names bad characters when the length is right', () => {
    const result = checkAssistantId('g1000000-0000-4000-8000-000000000001');
    expect(!result.ok && result.message).toContain('other than 0-9, a-f');
  });

  it('rejects inner spaces', () => {
    expect(checkAssistantId('a1000000 0000-4000-8000-000000000001')).toEqual({
      ok: false,
      message: 'An assistant ID has no spaces.',
    });
  });
});

describe('checkWorkflowId', () => {
  it('speaks of workflows, with the right article', () => {
    expect(checkWorkflowId('')).toEqual({ ok: false, message: 'Enter a workflow ID.' });
    expect(checkWorkflowId('a b')).toEqual({ ok: false, message: 'A workflow ID has no spaces.' });
    expect(checkWorkflowId(' B2000000-0000-4000-8000-000000000001 ')).toEqual({
      ok: true,
      id: 'b2000000-0000-4000-8000-000000000001',
    });
  });
});
