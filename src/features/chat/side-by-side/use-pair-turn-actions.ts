import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAuth } from '@/features/auth';
import { useChatRuntime } from '@/features/chat/runtime/use-chat';
import type { AskChoice } from '@/features/chat/runtime/chat-runtime-contract';
import type { TurnActions } from '@/features/chat/transcript/turn-actions';
import { useEditorFocus } from '@/features/chat/transcript/editor-focus';
import type { SideChoice } from './side-choice';

/**
 * What a turn's controls do in one column: retry, versions and edits go to that side's conversation with that side's
 * assistant and model. Choosing another assistant or model is done in the conversation's own chat ("Keep this one").
 */
export function usePairTurnActions(
  conversationId: string,
  side: SideChoice,
  mode: AskChoice['mode'],
  busy: boolean,
  sendBlocked: string | null,
): TurnActions {
  const runtime = useChatRuntime();
  const auth = useAuth();
  const navigate = useNavigate();
  const editorFocusRequested = useEditorFocus((state) => state.requested);
  return useMemo<TurnActions>(() => {
    const ownChat = () => void navigate({ to: '/chat/$conversationId', params: { conversationId } });
    return {
      busy,
      sendBlocked,
      retry: (turn, secrets) => runtime.regenerate(conversationId, turn, mode, secrets),
      selectVersion: (parentId, versionId) => runtime.selectVersion(conversationId, parentId, versionId),
      edit: (turn) => {
        runtime.startEditing(conversationId, turn);
        editorFocusRequested(turn.id);
      },
      sendEdit: (turn, text) => {
        if (!side.assistant || sendBlocked) return;
        runtime.edit(conversationId, turn.id, text, { assistant: side.assistant, model: side.model.trim(), mode });
      },
      signIn: () => void auth.signIn(),
      pickAssistant: ownChat,
      pickModel: ownChat,
    };
  }, [runtime, auth, navigate, editorFocusRequested, conversationId, side, mode, busy, sendBlocked]);
}
