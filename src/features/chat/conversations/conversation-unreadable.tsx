import { useChat } from '@/features/chat/runtime/use-chat';

/**
 * In place of a transcript that could not be shown: missing (neither this browser nor the server has it) is told
 * apart from a read that failed (offline, a failing server, no access), which says why and can be tried again.
 */
export function ConversationUnreadable({ opening, onRetry }: { opening: 'missing' | 'failed'; onRetry: () => void }) {
  const problem = useChat((state) => state.problem);
  return (
    <div className="empty-chat" role="alert">
      <h2>
        {opening === 'missing' ? 'This conversation is not in this browser' : 'This conversation could not be read'}
      </h2>
      {opening === 'missing' ? (
        <p className="muted">It may have been deleted, or saved by another person or in another browser.</p>
      ) : (
        <>
          <p className="muted">{problem ?? 'Nothing was changed.'}</p>
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        </>
      )}
    </div>
  );
}
