import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useChatServices } from '@/features/chat/chat-services-provider';
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
  // The turns and the versions chosen as they are (the same objects while they do not change): the visible path is
  // walked only when they change, not on every keystroke of a long chat.
  const turns = useChat((state) => (conversationId ? state.turns[conversationId] : undefined));
  const summary = useChat((state) => (conversationId ? state.conversations[conversationId] : undefined));
  const latest = useMemo(() => {
    const last = turns && summary ? visiblePath(turns, summary.selection).at(-1) : undefined;
    if (last) return [last.assistantId, last.assistantName].join(separator);
    return summary?.assistant?.id ? [summary.assistant.id, summary.assistant.name].join(separator) : null;
  }, [turns, summary]);
  const [id = '', name = ''] = latest?.split(separator) ?? [];
  // The drafts are read when the person starts the new chat, not watched: typing must not re-render the chat page.
  const { store } = useChatServices();
  const start = useCallback(() => {
    if (!conversationId) return;
    const { drafts } = store.getState();
    const carried = (drafts[conversationId] ?? '').trim();
    const newDraft = drafts[newChatKey] ?? '';
    if (carried) {
      runtime.draftChanged(newChatKey, newDraft.trim() ? `${newDraft.trimEnd()}\n\n${carried}` : carried);
      runtime.draftChanged(conversationId, '');
    }
    if (id) selectionApi.getState().assistantSelected({ id, name });
    void navigate({ to: '/chat' }).then(requestComposerFocus);
  }, [conversationId, store, runtime, id, name, selectionApi, navigate, requestComposerFocus]);
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
