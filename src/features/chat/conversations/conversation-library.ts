import type { StoreApi } from 'zustand/vanilla';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import {
  conversationWords,
  exportJson,
  exportMarkdown,
  importJson,
  type ImportResult,
} from '@/domain/conversations/transfer/transfer';
import type { ChatState } from '@/features/chat/runtime/chat-store';
import type { ConversationRepository } from './conversation-repository';

/** What is done to whole conversations: rename, delete (with undo), import and export. */
export interface ConversationLibrary {
  rename(conversationId: string, title: string): void;
  /** Deletes a conversation; the promise gives an undo. */
  remove(conversationId: string): Promise<(() => Promise<void>) | null>;
  importFile(text: string): Promise<ImportResult>;
  exportFile(conversationId: string, format: 'json' | 'markdown'): Promise<string | null>;
  /** The questions and answers of a conversation, oldest first: what a search hit's snippet is taken from. */
  searchTexts(conversationId: string): Promise<string[]>;
}

interface LibraryDeps {
  store: StoreApi<ChatState>;
  repository: ConversationRepository;
  now: () => number;
  newId: () => string;
  saveSummary(summary: ConversationSummary): void;
  /** Stops the answers in flight in a conversation about to be deleted. */
  stopConversation(conversationId: string): void;
}

export function createConversationLibrary({
  store,
  repository,
  now,
  newId,
  saveSummary,
  stopConversation,
}: LibraryDeps): ConversationLibrary {
  const state = () => store.getState();
  const turnsOf = async (conversationId: string) =>
    state().turns[conversationId] ?? (await repository.turnsOf(conversationId));
  return {
    rename(conversationId, title) {
      const summary = state().conversations[conversationId];
      const clean = title.replace(/\s+/g, ' ').trim();
      if (!summary || !clean) return;
      const turns = state().turns[conversationId];
      const words = turns
        ? conversationWords(clean, turns)
        : conversationWords(`${clean} ${summary.words.join(' ')}`, []);
      saveSummary({ ...summary, title: clean, words });
    },
    async remove(conversationId) {
      stopConversation(conversationId);
      const snapshot = await repository.remove(conversationId);
      state().conversationRemoved(conversationId);
      if (!snapshot) return null;
      return async () => {
        await repository.restore(snapshot);
        state().conversationSaved(snapshot.summary);
        state().openEnded(conversationId, { turns: snapshot.turns });
      };
    },
    async importFile(text) {
      const result = importJson(text, newId, now());
      if (!result.ok) return result;
      await repository.restore(result);
      state().conversationSaved(result.summary);
      state().openEnded(result.summary.id, { turns: result.turns });
      return result;
    },
    async exportFile(conversationId, format) {
      const summary = state().conversations[conversationId];
      if (!summary) return null;
      const turns = await turnsOf(conversationId);
      if (format === 'json') return exportJson(summary, turns, now());
      // The Markdown reader that finds raw HTML to escape is loaded for this export only, like the answer renderer.
      const { inertHtml } = await import('@/domain/answer/inert-html');
      return inertHtml(exportMarkdown(summary, turns));
    },
    async searchTexts(conversationId) {
      const turns = [...(await turnsOf(conversationId))].sort((a, b) => a.startedAt - b.startedAt);
      return turns.flatMap((turn) => [turn.question, turn.answer.text]);
    },
  };
}
