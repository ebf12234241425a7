import { useEffect } from 'react';
import { useChatRuntime } from '@/features/chat/runtime/use-chat';

/**
 * Reads the open conversation's server copy again when the tab comes back into view: it may have been continued in
 * another tab or client meanwhile (the transcript then takes it; the draft stays).
 */
export function useRefreshOnFocus(conversationId: string | undefined) {
  const runtime = useChatRuntime();
  useEffect(() => (conversationId ? runtime.followOnReturn(conversationId) : undefined), [runtime, conversationId]);
}
