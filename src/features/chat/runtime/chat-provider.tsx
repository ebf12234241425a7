import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { apiClient } from '@/api/client-registry';
import { AttachmentsProvider } from '@/features/chat/attachments/attachments-provider';
import { createChatRuntime, type ChatRuntime } from './chat-runtime';
import { createChatStore, type ChatState } from './chat-store';
import {
  conversationRepository,
  type ConversationRepository,
} from '@/features/chat/conversations/conversation-repository';
import { serverConversations } from '@/features/chat/conversations/server-conversations';
import { recoverStashedTurns, stashLiveTurns } from './live-turn-rescue';

interface ChatContextValue {
  runtime: ChatRuntime;
  store: StoreApi<ChatState>;
  repository: ConversationRepository;
}

const ChatContext = createContext<ChatContextValue | null>(null);

/**
 * The chat runtime of the signed-in person: their conversations, the answers in flight and their abort
 * handles. A new owner gets a new runtime, so nothing of the previous person's chats can show.
 */
export function ChatProvider({ owner, children }: { owner: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const value = useMemo<ChatContextValue>(() => {
    const store = createChatStore();
    const repository = conversationRepository(owner);
    const server = serverConversations(queryClient, apiClient);
    return { store, repository, runtime: createChatRuntime({ store, repository, client: apiClient, server }) };
  }, [owner, queryClient]);
  useEffect(() => {
    const { runtime, store, repository } = value;
    void recoverStashedTurns(localStorage, owner, repository).finally(() => runtime.load());
    // A page being closed or hidden may not come back: what has arrived is saved now, not at the next checkpoint.
    const save = () => {
      stashLiveTurns(localStorage, owner, Object.values(store.getState().live));
      runtime.saveLive();
    };
    const hidden = () => document.visibilityState === 'hidden' && runtime.saveLive();
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', hidden);
      // Sign-out unmounts the runtime: answers still streaming stop with it.
      runtime.cancelAll();
    };
  }, [value, owner]);
  return (
    <ChatContext.Provider value={value}>
      <AttachmentsProvider repository={value.repository} problemReported={value.store.getState().problemReported}>
        {children}
      </AttachmentsProvider>
    </ChatContext.Provider>
  );
}

function useChatContext(): ChatContextValue {
  const value = useContext(ChatContext);
  if (!value) throw new Error('The chat screens need a ChatProvider above them');
  return value;
}

export const useChatRuntime = (): ChatRuntime => useChatContext().runtime;

/** Reads the chat state; the component re-renders only when what `select` returns changes. */
export function useChat<T>(select: (state: ChatState) => T): T {
  return useStore(useChatContext().store, select);
}
