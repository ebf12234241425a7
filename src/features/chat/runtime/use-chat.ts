import { useStore } from 'zustand';
import { useChatServices } from '@/features/chat/chat-services-provider';
import type { ChatRuntime } from './chat-runtime-contract';
import type { ChatState } from './chat-store';

export const useChatRuntime = (): ChatRuntime => useChatServices().runtime;

/** Reads the chat state; the component re-renders only when what `select` returns changes. */
export function useChat<T>(select: (state: ChatState) => T): T {
  return useStore(useChatServices().store, select);
}

/** The conversation the chat screen showed last in this tab, if any (null: a new chat). */
export const useLastChat = (): string | null => useChat((state) => state.shown);
