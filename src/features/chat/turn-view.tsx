import { memo } from 'react';
import { GrowingMarkdown } from '@/ui/markdown';
import { CopyButton } from '@/ui/copy-button';
import { ErrorBoundary } from '@/ui/error-boundary';
import { Link } from '@tanstack/react-router';
import { HeaderProofPanel } from '@/features/headers';
import { ThoughtsPanel } from '@/features/thoughts';
import { useChatStore } from './chat-store';
import { AnswerStatus } from './answer-status';
import { TurnError } from './turn-error';
import { isTurnActive, type Turn } from './turn';

export interface TurnActions {
  /** Another answer is in flight: retrying now would start a second one. */
  busy: boolean;
  retry(turn: Turn): void;
  edit(turn: Turn): void;
  signIn(): void;
  pickAssistant(): void;
}

export const TurnView = memo(function TurnView({ turn, actions }: { turn: Turn; actions: TurnActions }) {
  const active = isTurnActive(turn);
  const hasText = turn.answer.text !== '';
  const conversationId = useChatStore((state) => state.conversationId);
  const seconds = turn.answer.timeElapsed ?? (turn.endedAt ? (turn.endedAt - turn.startedAt) / 1000 : undefined);
  return (
    <article className="turn" aria-label={`Question: ${turn.question.slice(0, 80)}`} data-turn-status={turn.status}>
      <div className="turn-question">
        <p className="turn-author">You</p>
        <div className="turn-question-text">{turn.question}</div>
      </div>
      <div className="turn-answer" aria-busy={active}>
        <p className="turn-author">
          {turn.assistantName}
          <span className="muted"> · {turn.model ?? 'assistant default model'}</span>
        </p>
        <ErrorBoundary what="the thought tree">
          <ThoughtsPanel tree={turn.answer.thoughts} scope={conversationId} live={active} seconds={seconds} />
        </ErrorBoundary>
        {turn.request?.forwarded && (turn.request.forwarded.headers.length > 0 || turn.request.forwarded.notSent.length > 0) ? (
          <HeaderProofPanel forwarded={turn.request.forwarded} thoughts={turn.answer.thoughts.roots} live={active} />
        ) : null}
        {hasText ? (
          <div className={`answer-text${active ? ' answer-growing' : ''}`} data-testid="answer-text">
            <GrowingMarkdown text={turn.answer.text} />
          </div>
        ) : null}
        {turn.status === 'failed' && turn.error ? (
          <TurnError error={turn.error} busy={actions.busy} onRetry={() => actions.retry(turn)} onEdit={() => actions.edit(turn)} onSignIn={actions.signIn} onPickAssistant={actions.pickAssistant} />
        ) : (
          <AnswerStatus turn={turn} />
        )}
        {!active ? (
          <div className="turn-actions row">
            {hasText && turn.status !== 'failed' ? <CopyButton getText={() => turn.answer.text} label="Copy answer" /> : null}
            {turn.request ? (
              <Link to="/inspector" search={{ entry: turn.request.logId }} className="button button-small" aria-label="Request: open this call in the inspector">
                Request
              </Link>
            ) : null}
            {turn.status !== 'completed' && turn.status !== 'failed' ? (
              <button type="button" className="button button-small" disabled={actions.busy} onClick={() => actions.retry(turn)}>
                Retry
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
});
