import { memo, useEffect, useRef, useState } from 'react';
import { AnswerMarkdown, answerSizeLimit } from '@/ui/markdown/markdown';
import { ErrorBoundary } from '@/ui/errors/error-boundary';
import { HeaderProofPanel } from '@/features/headers';
import { ThoughtsPanel } from '@/features/thoughts';
import { useChat } from '@/features/chat/runtime/use-chat';
import { PausedCall } from '@/features/chat/approval/paused-call';
import { AnswerStatus } from './answer-status';
import { LazyA2uiBlock, preloadA2uiRenderer } from '@/features/chat/a2ui/lazy-a2ui-block';
import { InteractiveBlock } from '@/features/chat/interactive/interactive-block';
import { TurnError } from './turn-error';
import { TurnQuestion } from './turn-question';
import { TurnToolbar } from './turn-toolbar';
import { useSecretResend } from './secret-resend';
import { answerPosition } from '@/domain/conversations/versions';
import { VersionSwitcher } from './version-switcher';
import { isTurnActive, type Turn } from '@/features/chat/runtime/turn';
import type { TurnActions } from './turn-actions';

export type { TurnActions } from './turn-actions';

interface TurnViewProps {
  turn: Turn;
  /** The versions of this turn (the turns with its parent); the same array while none of them changes. */
  siblings: readonly Turn[];
  conversationId: string;
  actions: TurnActions;
  /** This question went to another assistant than the one before it: said on the question. */
  askedAnother?: boolean;
}

export const TurnView = memo(function TurnView({
  turn: saved,
  siblings,
  conversationId,
  actions,
  askedAnother = false,
}: TurnViewProps) {
  // While it is answered, the turn is read from the live state (per frame); otherwise from the saved conversation.
  const live = useChat((state) => state.live[saved.id]);
  const turn = live?.turn ?? saved;
  const answerRef = useRef<HTMLDivElement>(null);
  const active = isTurnActive(turn);
  const resend = useSecretResend(turn, actions);
  // A pause that arrives while this view is on screen takes the keyboard; one read from storage does not.
  const [pausedHere, setPausedHere] = useState(false);
  const wasActive = useRef(active);
  const pickModelNow = turn.status === 'failed' && turn.error?.action === 'pick-model';
  useEffect(() => {
    if (wasActive.current && turn.status === 'waiting') setPausedHere(true);
    // Refused for its model while the person watched: the model picker opens, as the way on.
    if (wasActive.current && pickModelNow) actions.pickModel();
    wasActive.current = active;
  }, [active, turn.status, pickModelNow, actions]);
  // A form that arrives while the person waits in the message box (or nowhere) takes the keyboard: its first field.
  const answerBox = useRef<HTMLDivElement>(null);
  const asksWithFormHere = pausedHere && !turn.answer.pausedToolCall;
  const asksWithA2ui = Boolean(turn.answer.a2uiEnvelopes?.length);
  useEffect(() => {
    if (!asksWithFormHere) return;
    let frame = 0;
    let gone = false;
    // An A2UI form is there once its renderer is (it loads with the first form).
    void (asksWithA2ui ? preloadA2uiRenderer() : Promise.resolve()).then(() => {
      if (gone) return;
      frame = requestAnimationFrame(() => {
        const focused = document.activeElement;
        if (focused && focused !== document.body && !focused.closest('.composer')) return;
        answerBox.current
          ?.querySelector<HTMLElement>('form :is(input, select, textarea, button, [tabindex="0"]):not([disabled])')
          ?.focus();
      });
    });
    return () => {
      gone = true;
      cancelAnimationFrame(frame);
    };
  }, [asksWithFormHere, asksWithA2ui]);
  const { parentId } = turn;
  const hasText = turn.answer.text !== '';
  const seconds = turn.answer.timeElapsed ?? (turn.endedAt ? (turn.endedAt - turn.startedAt) / 1000 : undefined);
  return (
    <article className="turn" aria-label={`Question: ${turn.question.slice(0, 80)}`} data-turn-status={turn.status}>
      <TurnQuestion
        turn={turn}
        siblings={siblings}
        conversationId={conversationId}
        actions={actions}
        askedAnother={askedAnother}
        active={active}
      />
      <div ref={answerBox} className="turn-answer" aria-busy={active}>
        <p className="turn-author">
          {turn.assistantName}
          <span className="muted"> · {turn.model ?? 'assistant default model'}</span>
          {/* Regenerations are versions of the answer: chosen here. */}
          <VersionSwitcher
            position={answerPosition(siblings, turn)}
            of="answer"
            disabled={active}
            parentId={parentId}
            onSelect={actions.selectVersion}
          />
        </p>
        <ErrorBoundary what="the thought tree">
          <ThoughtsPanel
            tree={turn.answer.thoughts}
            scope={conversationId}
            turnId={turn.id}
            live={active}
            seconds={seconds}
            times={turn.answer.thoughtTimes}
          />
        </ErrorBoundary>
        <PausedCall turn={turn} conversationId={conversationId} focusOnShow={pausedHere} />
        {turn.request?.forwarded &&
        (turn.request.forwarded.headers.length > 0 || turn.request.forwarded.notSent.length > 0) ? (
          <HeaderProofPanel
            forwarded={turn.request.forwarded}
            thoughts={turn.answer.thoughts.roots}
            live={active}
            stateKey={turn.id}
            requestId={turn.requestId}
            traceId={turn.traceId}
            openAtFirst={false}
          />
        ) : null}
        {hasText ? (
          <div ref={answerRef} className={`answer-text${active ? ' answer-growing' : ''}`} data-testid="answer-text">
            <AnswerMarkdown text={turn.answer.text} growing={active ? live?.text : undefined} streaming={active} />
          </div>
        ) : null}
        {turn.answer.a2uiEnvelopes?.length ? (
          <ErrorBoundary what="the assistant's form">
            <LazyA2uiBlock turn={turn} conversationId={conversationId} />
          </ErrorBoundary>
        ) : null}
        {turn.answer.interactiveRequest ? (
          <ErrorBoundary what="the assistant's question">
            <InteractiveBlock turn={turn} conversationId={conversationId} />
          </ErrorBoundary>
        ) : null}
        {turn.status === 'failed' && turn.error ? (
          <TurnError
            error={turn.error}
            busy={actions.busy}
            onRetry={resend.retry}
            onEdit={() => actions.edit(turn)}
            onSignIn={actions.signIn}
            onPickAssistant={actions.pickAssistant}
            onPickModel={actions.pickModel}
            finished={
              actions.finished && actions.startNewChat
                ? { assistantName: turn.assistantName, onNewChat: actions.startNewChat }
                : undefined
            }
          />
        ) : (
          <AnswerStatus turn={turn} />
        )}
        {!active ? (
          <TurnToolbar
            turn={turn}
            conversationId={conversationId}
            actions={actions}
            onRetry={resend.retry}
            renderedText={() =>
              turn.answer.text.length > answerSizeLimit
                ? turn.answer.text
                : (answerRef.current?.innerText ?? turn.answer.text)
            }
          />
        ) : null}
        {resend.form}
      </div>
    </article>
  );
});
