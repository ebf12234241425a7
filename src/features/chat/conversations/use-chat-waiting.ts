import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  serverConversationListQuery,
  serverConversationSupportQuery,
  serverPendingCallQuery,
} from '@/api/conversations/conversation-queries';
import { serverSummary } from '@/domain/conversations/server/server-list';
import { serverTimeMs } from '@/domain/time/server-time';
import type { WaitingItem } from '@/domain/waiting/waiting-item';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { useChat } from '@/features/chat/runtime/use-chat';

/** How many of the person's latest server conversations are asked whether a tool call waits there, and how recent. */
const serverScan = { atMost: 5, withinMs: 7 * 24 * 60 * 60 * 1000 } as const;

/**
 * Tool calls that wait on the server in conversations this browser does not hold (after Clear local data, or paused
 * on another device): the few latest of the person's server conversations are read for their `pending_tool_call`.
 * Where this tab holds a conversation's turns, what it knows wins.
 */
function useServerPendingCalls(): WaitingItem[] {
  const { client } = useChatServices();
  const local = useChat((state) => state.conversations);
  const held = useChat((state) => state.turns);
  const support = useQuery(serverConversationSupportQuery(client));
  const list = useInfiniteQuery({ ...serverConversationListQuery(client), enabled: support.data === 'available' });
  const [since] = useState(() => Date.now() - serverScan.withinMs);
  const candidates = useMemo(
    () =>
      (list.data?.pages[0] ?? [])
        .filter(
          (item) =>
            item.is_workflow !== true &&
            !held[item.id] &&
            !local[item.id]?.waiting &&
            (serverTimeMs(item.update_date ?? item.date) ?? 0) >= since,
        )
        .slice(0, serverScan.atMost),
    [list.data, held, local, since],
  );
  const reads = useQueries({
    queries: candidates.map((item) => serverPendingCallQuery(client, item.id)),
    combine: dataOf,
  });
  return useMemo(
    () =>
      candidates.flatMap((item, at): WaitingItem[] => {
        const pending = reads[at];
        if (!pending) return [];
        const assistant = pending.assistantName ?? item.assistant_names?.[0] ?? 'An assistant';
        return [
          {
            key: `chat:${item.id}`,
            kind: 'tool-call',
            title: local[item.id]?.title ?? serverSummary(item).title,
            what: `${assistant} wants to run ${pending.toolName}`,
            since: serverTimeMs(item.update_date ?? item.date) ?? since,
            place: { screen: 'chat', conversationId: item.id },
          },
        ];
      }),
    [candidates, reads, local, since],
  );
}

/** The answers of the reads alone: a stable array while none changes. */
const dataOf = <T>(results: readonly { data: T | undefined }[]): (T | undefined)[] =>
  results.map((result) => result.data);

/** The conversations where something waits for this person: a paused tool call, a form, a paused queue. */
export function useChatWaiting(): WaitingItem[] {
  const conversations = useChat((state) => state.conversations);
  const fromServer = useServerPendingCalls();
  const known = useMemo(
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
  return useMemo(() => {
    const keys = new Set(known.map((item) => item.key));
    return [...known, ...fromServer.filter((item) => !keys.has(item.key))];
  }, [known, fromServer]);
}
