import type { ConversationSummary } from '@/domain/conversations/conversation';
import { useChatRuntime } from '@/features/chat/runtime/use-chat';

interface QueueStateLineProps {
  conversationId: string;
  paused: NonNullable<ConversationSummary['followUps']>['paused'];
  waiting: ConversationSummary['waiting'];
  running: boolean;
  onShowWaiting(): void;
}

/** What the queue does now and why, with the one or two things the person can do about it. */
export function QueueStateLine({ conversationId, paused, waiting, running, onShowWaiting }: QueueStateLineProps) {
  const runtime = useChatRuntime();
  const clear = (
    <button type="button" className="button button-small" onClick={() => runtime.clearQueue(conversationId)}>
      Clear queue
    </button>
  );
  if (paused)
    return (
      <p className="follow-ups-paused small" role="status">
        Paused: {paused.reason}.{' '}
        <button type="button" className="button button-small" onClick={() => runtime.resumeQueue(conversationId)}>
          {running ? 'Resume' : 'Resume: send the next one'}
        </button>{' '}
        {clear}
      </p>
    );
  if (waiting)
    return (
      <p className="follow-ups-paused small" role="status">
        Held until you answer: {waiting.what}.{' '}
        <button type="button" className="button button-small" onClick={onShowWaiting}>
          Go to it
        </button>{' '}
        {clear}
      </p>
    );
  if (!running)
    return (
      <p className="follow-ups-paused small" role="status">
        Waiting: no answer is running in this chat now.{' '}
        <button type="button" className="button button-small" onClick={() => runtime.resumeQueue(conversationId)}>
          Send the next one
        </button>{' '}
        {clear}
      </p>
    );
  return (
    <p className="muted small follow-ups-note">
      Sent one at a time, in this order, when the answer ends.{' '}
      <button type="button" className="button button-small" onClick={() => runtime.pauseQueue(conversationId)}>
        Pause
      </button>{' '}
      {clear}
    </p>
  );
}
