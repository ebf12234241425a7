import { useStore } from 'zustand';
import { useConsoleServices } from '@/lib/services-context';
import type { ChatServices } from '@/features/chat/chat-services';
import type { ChatRuntime } from './chat-runtime-contract';
import type { ChatState } from './chat-store';

/** The signed-in person's chat (built with their console services, dropped with them on sign-out). */
export const useChatServices = (): ChatServices => useConsoleServices().chat;

export const useChatRuntime = (): ChatRuntime => useChatServices().runtime;

/** Reads the chat state; the component re-renders only when what `select` returns changes. */
export function useChat<T>(select: (state: ChatState) => T): T {
  return useStore(useChatServices().store, select);
}
