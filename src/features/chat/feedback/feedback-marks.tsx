import './feedback.css';
import { useState } from 'react';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { removeFeedback, sendFeedback, storedHistory } from '@/api/feedback-calls';
import type { TurnFeedback } from '@/domain/conversations/conversation';
import { pathTo, versionPosition } from '@/domain/conversations/versions';
import { describeError } from '@/domain/errors/describe-error';
import { isApiError } from '@/domain/errors/api-error';
import { feedbackMessageIndex } from '@/domain/feedback/message-index';
import { Button } from '@/ui/button';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import type { Turn } from '@/features/chat/runtime/turn';

const marks: ReadonlyArray<{ mark: TurnFeedback['mark']; label: string; flip: boolean }> = [
  { mark: 'correct', label: 'Good answer', flip: false },
  { mark: 'wrong', label: 'Bad answer', flip: true },
];

/** A thumb drawn in the text colour (an emoji needs a colour font many machines lack: it showed as a box). */
function Thumb({ down }: { down: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={down ? 'thumb thumb-down' : 'thumb'}
    >
      <path
        d="M7 10v11H3V10h4Zm2 11V10l4.5-7.5c1.4 0 2.5 1.1 2.5 2.5v4h4.5c1.1 0 2 1 1.8 2.1l-1.5 8.2c-.2 1-1 1.7-2 1.7H9Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Like / dislike of an answer, stored on the server as the official UI stores it (on the assistant item of the
 * stored history) and kept with the turn here, so it shows after a reload. A second click on the same mark removes it.
 */
export function FeedbackMarks({ turn, conversationId }: { turn: Turn; conversationId: string }) {
  const { client } = useChatServices();
  const runtime = useChatRuntime();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The saved turns: the mark is kept there, and they place the answer in the server's history.
  const turns = useChat((state) => state.turns[conversationId]);
  const current = turns?.find((known) => known.id === turn.id)?.feedback;

  const choose = async (mark: TurnFeedback['mark']) => {
    setPending(true);
    setProblem(null);
    try {
      const historyIndex = pathTo(turns ?? [], turn.id).length - 1;
      const version = versionPosition(turns ?? [], turn).index - 1;
      const messageIndex = feedbackMessageIndex(
        await storedHistory(client, conversationId),
        historyIndex,
        version,
        turn.answer.text,
      );
      if (messageIndex === undefined) throw new Error('The server holds no stored answer for this turn.');
      const ids = { conversationId, messageIndex, assistantId: turn.assistantId };
      if (current?.mark === mark) {
        await removeFeedback(client, { ...ids, feedbackId: current.feedbackId });
        runtime.feedbackMarked(conversationId, turn.id, null);
      } else {
        const feedbackId = await sendFeedback(client, {
          ...ids,
          mark,
          request: turn.question,
          response: turn.answer.text,
        });
        runtime.feedbackMarked(conversationId, turn.id, { mark, feedbackId });
      }
    } catch (error) {
      setProblem(
        isApiError(error)
          ? (describeError(error, 'catalog').serverMessage ?? describeError(error, 'catalog').title)
          : error instanceof Error
            ? error.message
            : String(error),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <span className="feedback-marks" role="group" aria-label="Rate this answer">
      {marks.map(({ mark, label, flip }) => (
        <Button
          key={mark}
          size="small"
          variant="quiet"
          aria-label={label}
          aria-pressed={current?.mark === mark}
          disabled={pending}
          title={current?.mark === mark ? `${label} (click again to remove)` : label}
          onClick={() => void choose(mark)}
        >
          <Thumb down={flip} />
        </Button>
      ))}
      {problem ? (
        <span className="answer-problem small" role="alert">
          The mark was not saved: {problem}
        </span>
      ) : null}
    </span>
  );
}
