import { useMemo } from 'react';
import type { WaitingItem } from '@/domain/waiting/waiting-item';
import { useChat } from '@/features/chat/runtime/use-chat';

/** The conversations where something waits for this person: a paused tool call, or a form to fill in. */
export function useChatWaiting(): WaitingItem[] {
  const conversations = useChat((state) => state.conversations);
  return useMemo(
    () =>
      Object.values(conversations).flatMap((summary): WaitingItem[] =>
        summary.waiting
          ? [
              {
                key: `chat:${summary.id}`,
                kind: summary.waiting.kind,
                title: summary.title,
                what: summary.waiting.what,
                since: summary.waiting.since,
                place: { screen: 'chat', conversationId: summary.id },
              },
            ]
          : [],
      ),
    [conversations],
  );
}
