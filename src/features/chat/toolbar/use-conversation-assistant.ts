import { useEffect, useMemo, useRef } from 'react';
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
  // The turns and the versions chosen are selected as they are (the same objects while they do not change), and the
  // visible path is walked only when they change: a keystroke changes the store, and must not walk a long chat.
  const turns = useChat((state) => (conversationId ? state.turns[conversationId] : undefined));
  const known = useChat((state) => (conversationId ? state.conversations[conversationId] !== undefined : false));
  const selection = useChat((state) => (conversationId ? state.conversations[conversationId]?.selection : undefined));
  // A string, so the effect below runs only when the assistant, its name or the model does.
  const latest = useMemo(() => {
    if (!turns?.length || !known) return null;
    const last = visiblePath(turns, selection ?? {}).at(-1);
    return last ? [last.assistantId, last.assistantName, last.model ?? ''].join(separator) : null;
  }, [turns, known, selection]);
  const adopted = useRef<string | null>(null);
  const selectionApi = useSelectionApi();
  useEffect(() => {
    if (!conversationId || latest === null || adopted.current === conversationId) return;
    adopted.current = conversationId;
    const [id = '', name = '', model = ''] = latest.split(separator);
    selectionApi.getState().conversationOpened(conversationId, { id, name }, model);
  }, [conversationId, latest, selectionApi]);
}
