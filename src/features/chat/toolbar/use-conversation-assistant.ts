import { useEffect, useRef } from 'react';
import { visiblePath } from '@/domain/conversations/versions';
import { useChat } from '@/features/chat/runtime/use-chat';
import { useSelectionApi } from './selection-store';

const separator = '\u0000';

/**
 * Opening a conversation picks the assistant and model of its latest visible question, so a follow-up goes to
 * whoever answered it, not to whichever assistant was picked last, with the model it used (the conversation's own
 * override). Once per opening: a change made afterwards (to ask someone else) stands.
 */
export function useConversationAssistant(conversationId: string | undefined): void {
  // A string, so the selector's value only changes when the assistant, its name or the model does.
  const latest = useChat((state) => {
    const turns = conversationId ? state.turns[conversationId] : undefined;
    const summary = conversationId ? state.conversations[conversationId] : undefined;
    if (!turns?.length || !summary) return null;
    const last = visiblePath(turns, summary.selection).at(-1);
    return last ? [last.assistantId, last.assistantName, last.model ?? ''].join(separator) : null;
  });
  const adopted = useRef<string | null>(null);
  const selectionApi = useSelectionApi();
  useEffect(() => {
    if (!conversationId || latest === null || adopted.current === conversationId) return;
    adopted.current = conversationId;
    const [id = '', name = '', model = ''] = latest.split(separator);
    selectionApi.getState().conversationOpened(conversationId, { id, name }, model);
  }, [conversationId, latest, selectionApi]);
}
