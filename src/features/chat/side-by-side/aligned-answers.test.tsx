import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { turnFixture } from '@/test/conversation-turns';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { AlignedAnswers } from './aligned-answers';

function withConversations() {
  const built = servicesForTest();
  const state = built.services.chat.store.getState();
  for (const id of ['left', 'right'])
    state.conversationSaved({ id, title: id, createdAt: 0, updatedAt: 0, selection: {}, words: [] });
  state.openEnded('left', {
    turns: [
      turnFixture('l1', null, 1_000, { question: 'Capital of France?', answer: answer('Paris is the capital.', 20) }),
      turnFixture('l2', 'l1', 5_000, { question: 'And of Spain?', answer: answer('Madrid.', 4) }),
    ],
  });
  state.openEnded('right', {
    turns: [
      turnFixture('r1', null, 1_000, { question: 'Capital of France?', answer: answer('Paris is the capital.', 12) }),
      turnFixture('r2', 'r1', 5_000, {
        question: 'And of Spain?',
        status: 'streaming',
        endedAt: undefined,
        answer: answer('Mad', undefined),
      }),
    ],
  });
  return built;
}

function answer(text: string, tokensUsed: number | undefined) {
  return { ...turnFixture('x', null, 0).answer, text, ...(tokensUsed === undefined ? {} : { tokensUsed }) };
}

const sides = {
  left: { conversationId: 'left', side: { assistant: { id: 'a', name: 'Alpha' }, model: '' } },
  right: { conversationId: 'right', side: { assistant: { id: 'b', name: 'Beta' }, model: 'gpt-4.1' } },
};

describe('AlignedAnswers', () => {
  it('pairs the questions, says what is still on its way, and compares once both answers ended', () => {
    const built = withConversations();
    renderWithServices(<AlignedAnswers {...sides} />, { with: built });
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 of 2 questions answered by both · 1 alike · Alpha: 0.0 s, 20 tokens · Beta · gpt-4.1: 0.0 s, 12 tokens',
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Question 1: Capital of France?');
    expect(within(first!).getByText('Identical answers.')).toBeInTheDocument();
    expect(within(second!).getByText('Compared once both answers have ended.')).toBeInTheDocument();

    // The second side ends with other words: the pair shows them.
    act(() =>
      built.services.chat.store.getState().openEnded('right', {
        turns: [
          turnFixture('r1', null, 1_000, {
            question: 'Capital of France?',
            answer: answer('Paris is the capital.', 12),
          }),
          turnFixture('r2', 'r1', 5_000, { question: 'And of Spain?', answer: answer('Madrid, of course.', 6) }),
        ],
      }),
    );
    const differs = screen.getByRole('group', { name: 'What differs in answer 2' });
    expect(differs).toHaveTextContent('Word differences: −0 only in the first, +2 only in the second');
    expect(within(differs).getByText(', of course', { selector: 'ins', exact: false })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 of 2 questions answered by both · 1 alike');

    // Judged from the keyboard: the second's answers against the first's, kept with the second conversation.
    const [one, two] = screen.getAllByRole('listitem');
    act(() => one!.focus());
    fireEvent.keyDown(one!, { key: '1', code: 'Digit1' });
    expect(screen.getByText('Win rate 100 % · 1 better, 0 same, 0 worse · 1 not judged')).toBeInTheDocument();
    fireEvent.keyDown(one!, { key: 'j', code: 'KeyJ' });
    expect(two).toHaveFocus();
    fireEvent.keyDown(two!, { key: '3', code: 'Digit3' });
    expect(screen.getByText('Win rate 50 % · 1 better, 0 same, 1 worse · 0 not judged')).toBeInTheDocument();
    expect(within(two!).getByRole('button', { name: 'Worse' })).toHaveAttribute('aria-pressed', 'true');
    expect(built.services.chat.store.getState().conversations.right?.verdicts).toEqual({
      against: { left: { '0': { verdict: 'better' }, '1': { verdict: 'worse' } } },
    });
  });
});
