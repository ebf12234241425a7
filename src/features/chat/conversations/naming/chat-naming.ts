import type { StoreApi } from 'zustand/vanilla';
import type { ServerWatch } from '@/api/server-watch';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { isAutomaticName } from '@/domain/conversations/server/server-list';
import { conversationWords } from '@/domain/conversations/transfer/transfer';
import type { ChatState } from '@/features/chat/runtime/chat-store';
import type { ConversationWatchSpec, ServerConversations } from '@/features/chat/conversations/server-conversations';

/**
 * How a new chat's name is read after its first answer, as the official UI polls (CURRENT-SERVERS.md §4): once at
 * once, then 8 times, 0.5 s growing ×1.5 to 4 s at most: about 18 s in all.
 */
export const namingPace = { firstMs: 500, factor: 1.5, capMs: 4000, reads: 9 } as const;

const namingDelay = (reads: number) =>
  Math.min(namingPace.capMs, Math.round(namingPace.firstMs * namingPace.factor ** Math.max(0, reads - 1)));

/** What a read of the conversation tells naming: the server's name and the first question (to tell a cut one). */
interface NameRead {
  name: string | undefined;
  firstQuestion: string | undefined;
}

type NamingVerdict = 'named' | 'left' | 'spent';

interface NamingDeps {
  conversationId: string;
  server: ServerConversations;
  store: StoreApi<ChatState>;
  closed(): boolean;
  saveSummary(summary: ConversationSummary): void;
  /** Starts the watch of this conversation (null: none can start, the sync is closed). */
  watch(spec: ConversationWatchSpec<NameRead, NamingVerdict>): ServerWatch | null;
}

/**
 * Reads a new chat's name until the server gives one that is not its first question cut short (an LLM's, seconds
 * after the first answer), and takes it, unless the person renamed the chat here meanwhile. Resolves when it is over.
 */
export function watchForServerName({ conversationId, server, store, closed, saveSummary, watch }: NamingDeps) {
  const state = () => store.getState();
  // The name as the first answer ended: any other one later is the person's, and stands.
  const shown = state().conversations[conversationId]?.title;
  let named: string | null = null;
  return new Promise<void>((resolve) => {
    const started = watch({
      // Only what naming needs stays in the watch's cache, and the read is not cached as a conversation: it holds
      // every answer's text (400 KB for a 200 KB answer), and naming reads it up to 9 times in 18 s.
      read: async (signal) => {
        const conversation = await server.read(conversationId, signal);
        const firstQuestion = conversation.history.find((item) => item.role === 'User')?.message ?? undefined;
        return { name: conversation.conversation_name?.trim(), firstQuestion };
      },
      pace: ({ reads }) => namingDelay(reads),
      mostReads: { reads: namingPace.reads, verdict: 'spent' },
      judge(answer) {
        const now = state().conversations[conversationId];
        const firstQuestion = answer.ok ? answer.data.firstQuestion : undefined;
        // Gone, stopped, or renamed here meanwhile (not to the question cut short): nothing to take.
        const renamed = now !== undefined && now.title !== shown && !isAutomaticName(now.title, firstQuestion);
        if (!now || closed() || renamed) return 'left';
        if (!answer.ok) return null;
        const { name } = answer.data;
        // Only the question cut short so far: the LLM's name may come yet.
        if (!name || isAutomaticName(name, firstQuestion)) return null;
        named = name;
        return 'named';
      },
      onAnswer: (_answer, verdict) => {
        const now = state().conversations[conversationId];
        if (verdict === 'named' && named && now && named !== now.title) {
          const turns = state().turns[conversationId];
          const words = turns
            ? conversationWords(named, turns)
            : conversationWords(`${named} ${now.words.join(' ')}`, []);
          saveSummary({ ...now, title: named, words });
          // The rail's list of the server's conversations still has the name cut from the question.
          server.changed();
        }
        if (verdict) resolve();
      },
    });
    if (!started || started.over) resolve();
  });
}
