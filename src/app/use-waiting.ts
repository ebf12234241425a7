import { useMemo } from 'react';
import { sortWaiting, type WaitingItem } from '@/domain/waiting/waiting-item';
import { useChatWaiting } from '@/features/chat';
import { useWorkflowsWaiting } from '@/features/workflows';

/** Everything that waits for this person, the longest waiting first: chats and runs alike. */
export function useWaiting(): WaitingItem[] {
  const chat = useChatWaiting();
  const workflows = useWorkflowsWaiting();
  return useMemo(() => sortWaiting([...chat, ...workflows]), [chat, workflows]);
}
