import { Button } from '@/ui/button';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';

/**
 * What waits in one side's queue (a replay's questions, or a question asked while that side answered): how many, and
 * when it is paused (a stopped or failed answer, something waiting for the person), why, with Resume.
 */
export function PairQueueNotice({ conversationId, name }: { conversationId: string; name: string }) {
  const runtime = useChatRuntime();
  const queue = useChat((state) => state.conversations[conversationId]?.followUps);
  const count = queue?.items.length ?? 0;
  if (count === 0) return null;
  const waiting = `${count} ${count === 1 ? 'question waits' : 'questions wait'}`;
  return (
    <p className="pair-queue-notice small">
      <strong>{name}</strong>: {waiting}
      {queue?.paused ? (
        <>
          , paused ({queue.paused.reason}).{' '}
          <Button size="small" onClick={() => runtime.resumeQueue(conversationId)}>
            Resume {name}
          </Button>
        </>
      ) : (
        ', each sent when the answer before it ends.'
      )}
    </p>
  );
}
