import { describe, expect, it } from 'vitest';
import { turnFixture } from '@/test/conversation-turns';
import { withFormsWaiting } from './waiting-forms';

const asking = (id: string, parentId: string | null, at: number) =>
  turnFixture(id, parentId, at, {
    answer: { ...turnFixture(id, parentId, at).answer, text: '', a2uiEnvelopes: [{ version: 'v0.9.1' }] },
  });

describe('a turn that asks with a form', () => {
  it('waits for the person until a turn follows it', () => {
    const turns = withFormsWaiting([turnFixture('q', null, 1), asking('form', 'q', 2)]);
    expect(turns.map((turn) => turn.status)).toEqual(['completed', 'waiting']);
    const answered = withFormsWaiting([...turns, turnFixture('answer', 'form', 3)]);
    expect(answered.map((turn) => turn.status)).toEqual(['completed', 'completed', 'completed']);
  });
});
