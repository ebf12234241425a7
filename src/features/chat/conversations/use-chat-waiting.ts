import { useMemo } from 'react';
import type { WaitingItem } from '@/domain/waiting/waiting-item';
import { useChat } from '@/features/chat/runtime/use-chat';

/** The conversations where something waits for this person: a paused tool call, a form, a paused queue. */
export function useChatWaiting(): WaitingItem[] {
  const conversations = useChat((state) => state.conversations);
  return useMemo(
    () =>
      Object.values(conversations).flatMap((summary): WaitingItem[] => {
        const place = { screen: 'chat', conversationId: summary.id } as const;
        const queue = summary.followUps;
        const queued = queue?.items.length ?? 0;
        // A queue waits for the person when it is paused, or held by what else waits in the chat.
        const why = queue?.paused
          ? { reason: queue.paused.reason, since: queue.paused.since }
          : summary.waiting
            ? { reason: 'held until you answer in this chat', since: summary.waiting.since }
            : null;
        return [
          ...(summary.waiting
            ? [
                {
                  key: `chat:${summary.id}`,
                  kind: summary.waiting.kind,
                  title: summary.title,
                  what: summary.waiting.what,
                  since: summary.waiting.since,
                  place,
                },
              ]
            : []),
          ...(why && queued > 0
            ? [
                {
                  key: `chat-queue:${summary.id}`,
                  kind: 'queue' as const,
                  title: summary.title,
                  what: `${queued === 1 ? '1 queued question waits' : `${queued} queued questions wait`}: ${why.reason}`,
                  since: why.since,
                  place,
                },
              ]
            : []),
        ];
      }),
    [conversations],
  );
}
