import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { assistantDetailQuery } from '@/api/catalog-queries';
import { chatPolicy, type AssistantPermissions, type ChatPolicy } from '@/domain/approval/tool-policy';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { useChat } from '@/features/chat/runtime/use-chat';
import { useChosenAssistant } from './use-chosen-assistant';

/**
 * The chat's tool-call policy: from the settings of every assistant of the chat (those that answered in it and the
 * one picked to answer next), the person's choice, and what the server's conversation keeps.
 */
export function useChatToolPolicy(conversationId: string): ChatPolicy {
  const { client } = useChatServices();
  const picked = useChosenAssistant();
  const turns = useChat((state) => state.turns[conversationId]);
  const chosen = useChat((state) => state.toolPolicies[conversationId]);
  const stored = useChat((state) => state.conversations[conversationId]?.toolCallPolicy);
  const names = useMemo(() => {
    const known = new Map((turns ?? []).map((turn) => [turn.assistantId, turn.assistantName]));
    if (picked) known.set(picked.id, picked.name);
    return known;
  }, [turns, picked]);
  const answered = useMemo(() => [...new Set((turns ?? []).map((turn) => turn.assistantId))], [turns]);
  const ids = [...new Set([...answered, ...(picked ? [picked.id] : [])])].filter((id) => id !== '');
  const details = useQueries({
    queries: ids.map((id) => ({ ...assistantDetailQuery(client, id), retry: false })),
  });
  const assistants = ids.map((id, at): AssistantPermissions => {
    const name = names.get(id) ?? 'An assistant';
    const query = details[at];
    if (!query || query.isPending) return { kind: 'loading', name };
    if (query.isError || !query.data) return { kind: 'unreadable', name };
    const permissions = query.data.tool_permissions;
    if (permissions === undefined) return { kind: 'none', name };
    return {
      kind: 'policy',
      name: query.data.name || name,
      policy: permissions?.tool_call_policy ?? 'auto_approve',
      allowOverride: permissions?.allow_override ?? true,
    };
  });
  return chatPolicy(assistants, chosen, stored);
}
