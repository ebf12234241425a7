import { useNavigate } from '@tanstack/react-router';
import { visiblePath } from '@/domain/conversations/versions';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import { newChatKey } from '@/features/chat/runtime/chat-store';
import { useComposerFocus } from '@/features/chat/chat-shortcuts';
import { useSelectionApi } from '@/features/chat/toolbar/selection-store';
import { Button } from '@/ui/button';
import './composer.css';

const separator = '\u0000';

/**
 * The way on from a finished conversation: a new chat with the assistant of its latest question, carrying what was
 * typed here (or the question the server refused) as that chat's draft, so nothing typed is lost.
 */
export function useNewChatFrom(conversationId: string | undefined) {
  const runtime = useChatRuntime();
  const selectionApi = useSelectionApi();
  const navigate = useNavigate();
  const requestComposerFocus = useComposerFocus((state) => state.requested);
  // A string, so the selector's value only changes when the assistant does.
  const latest = useChat((state) => {
    const turns = conversationId ? state.turns[conversationId] : undefined;
    const summary = conversationId ? state.conversations[conversationId] : undefined;
    const last = turns && summary ? visiblePath(turns, summary.selection).at(-1) : undefined;
    if (last) return [last.assistantId, last.assistantName].join(separator);
    return summary?.assistant?.id ? [summary.assistant.id, summary.assistant.name].join(separator) : null;
  });
  const [id = '', name = ''] = latest?.split(separator) ?? [];
  const draft = useChat((state) => (conversationId ? (state.drafts[conversationId] ?? '') : ''));
  const newDraft = useChat((state) => state.drafts[newChatKey] ?? '');
  const start = () => {
    if (!conversationId) return;
    const carried = draft.trim();
    if (carried) {
      runtime.draftChanged(newChatKey, newDraft.trim() ? `${newDraft.trimEnd()}\n\n${carried}` : carried);
      runtime.draftChanged(conversationId, '');
    }
    if (id) selectionApi.getState().assistantSelected({ id, name });
    void navigate({ to: '/chat' }).then(requestComposerFocus);
  };
  return { assistantName: id ? name : null, start };
}

/** A finished conversation says why and since when, and offers the new chat. */
export function FinishedNotice({
  finishedAt,
  assistantName,
  onNewChat,
}: {
  finishedAt: number;
  assistantName: string | null;
  onNewChat(): void;
}) {
  const when = new Date(finishedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="finished-notice" role="status">
      <p>
        Finished on {when} — this conversation no longer takes messages. What you typed here goes with you to a new
        chat.
      </p>
      <Button size="small" variant="primary" onClick={onNewChat}>
        Start a new chat{assistantName ? ` with ${assistantName}` : ''}
      </Button>
    </div>
  );
}
