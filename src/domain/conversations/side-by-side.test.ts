import { describe, expect, it } from 'vitest';
import { emptyAnswer } from '@/domain/answer/answer';
import { diffWords } from '@/domain/diff/text-diff';
import type { ConversationTurn } from './conversation';
import { alignConversations, askedTurns, pairTotals, sideBySideSearch, wordChanges } from './side-by-side';

const turn = (question: string, text: string, extra: Partial<ConversationTurn> = {}): ConversationTurn => ({
  id: `${question}-${text}`,
  parentId: null,
  question,
  assistantId: 'a',
  assistantName: 'A',
  mode: 'stream',
  status: 'completed',
  answer: { ...emptyAnswer, text },
  startedAt: 1_000,
  endedAt: 3_500,
  ...extra,
});

describe('alignConversations', () => {
  it('pairs the questions by position, with each answer, its time and tokens', () => {
    const pairs = alignConversations(
      [turn('Hi', 'Hello there', { answer: { ...emptyAnswer, text: 'Hello there', tokensUsed: 12 } })],
      [turn('Hi', 'Hello there', { answer: { ...emptyAnswer, text: 'Hello there', timeElapsed: 1.25 } })],
    );
    expect(pairs).toEqual([
      {
        index: 0,
        question: 'Hi',
        left: { text: 'Hello there', status: 'completed', seconds: 2.5, tokens: 12 },
        right: { text: 'Hello there', status: 'completed', seconds: 1.25 },
        settled: true,
        identical: true,
      },
    ]);
  });

  it('says where one side has not answered yet, is still answering, or was asked something else', () => {
    const pairs = alignConversations(
      [turn('One', 'a'), turn('Two', 'b', { status: 'streaming' }), turn('Three', 'c')],
      [turn('One', 'x'), turn('Deux', 'b')],
    );
    expect(pairs.map((pair) => [pair.question, pair.settled, pair.identical])).toEqual([
      ['One', true, false],
      ['Two', false, false],
      ['Three', false, false],
    ]);
    expect(pairs[1]?.otherQuestion).toBe('Deux');
    expect(pairs[2]?.right).toBeUndefined();
  });

  it('leaves out answers given to the agent (a form, a question it asked): they are not the person’s questions', () => {
    const answered = turn('Approve', '', {
      interactiveResponse: { request_id: 'r1', kind: 'submit', payload: { action: 'approve', answers: {} } },
    });
    expect(askedTurns([turn('Deploy', 'Sure?'), answered, turn('Status', 'Done')]).map((t) => t.question)).toEqual([
      'Deploy',
      'Status',
    ]);
  });
});

describe('pairTotals', () => {
  it('counts settled and identical pairs and sums each side over the settled ones only', () => {
    const pairs = alignConversations(
      [
        turn('One', 'same', { answer: { ...emptyAnswer, text: 'same', tokensUsed: 10 } }),
        turn('Two', 'b', { answer: { ...emptyAnswer, text: 'b', tokensUsed: 5 } }),
        turn('Three', 'c', { status: 'streaming', endedAt: undefined }),
      ],
      [
        turn('One', 'same', { answer: { ...emptyAnswer, text: 'same', tokensUsed: 7 } }),
        turn('Two', 'other'),
        turn('Three', 'c'),
      ],
    );
    expect(pairTotals(pairs)).toEqual({
      questions: 3,
      settled: 2,
      identical: 1,
      left: { seconds: 5, tokens: 15 },
      right: { seconds: 5, tokens: 7 },
    });
  });

  it('reports no time or tokens where no settled answer gave them', () => {
    expect(pairTotals(alignConversations([], []))).toEqual({
      questions: 0,
      settled: 0,
      identical: 0,
      left: {},
      right: {},
    });
  });
});

describe('wordChanges', () => {
  it('counts the words each side has alone, not the spaces or punctuation', () => {
    expect(wordChanges(diffWords('The cat sat, quietly.', 'The dog sat down.'))).toEqual({ removed: 2, added: 2 });
  });
});

describe('sideBySideSearch', () => {
  it('keeps two different conversation ids, or the one to replay, and the aligned view', () => {
    expect(sideBySideSearch({ left: 'a-1', right: 'b-2', view: 'aligned' })).toEqual({
      left: 'a-1',
      right: 'b-2',
      view: 'aligned',
    });
    expect(sideBySideSearch({ replay: 'a-1', view: 'columns' })).toEqual({ replay: 'a-1' });
  });

  it('drops a pair that is one conversation twice, half a pair, and ids that are no ids', () => {
    expect(sideBySideSearch({ left: 'a', right: 'a' })).toEqual({});
    expect(sideBySideSearch({ left: 'a' })).toEqual({});
    expect(sideBySideSearch({ left: '../x', right: 'b', replay: 42 })).toEqual({});
  });
});
