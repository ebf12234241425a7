import type { ChatRuntimeShared } from '@/features/chat/runtime/chat-runtime-shared';
import type { ChatRuntime } from '@/features/chat/runtime/chat-runtime-contract';
import { editDraftsKey, writeEditDrafts } from './edit-drafts';

// What is being typed and not sent yet: the composer's draft and the questions open for editing, each saved as it
// changes so a reload finds it.

export type DraftVerbs = Pick<ChatRuntime, 'draftChanged' | 'startEditing' | 'editChanged' | 'cancelEditing'>;

export function createDraftVerbs({ state, drafts }: Pick<ChatRuntimeShared, 'state' | 'drafts'>): DraftVerbs {
  const saveEdits = (conversationId: string) =>
    drafts.save(editDraftsKey(conversationId), writeEditDrafts(state().editing[conversationId] ?? {}));
  const editChanged: DraftVerbs['editChanged'] = (conversationId, turnId, text) => {
    state().editChanged(conversationId, turnId, text);
    saveEdits(conversationId);
  };
  return {
    draftChanged(key, text) {
      state().draftChanged(key, text);
      drafts.save(key, text);
    },
    startEditing(conversationId, turn) {
      if (state().editing[conversationId]?.[turn.id] !== undefined) return;
      editChanged(conversationId, turn.id, turn.question);
    },
    editChanged,
    cancelEditing(conversationId, turnId) {
      if (state().editing[conversationId]?.[turnId] === undefined) return;
      state().editEnded(conversationId, turnId);
      saveEdits(conversationId);
    },
  };
}
