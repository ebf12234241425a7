import { useQueries } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { assistantDetailQuery } from '@/api/catalog-queries';
import { chatPolicy, type AssistantPermissions, type ChatPolicy } from '@/domain/approval/tool-policy';
import { useConsoleServices } from '@/lib/console-services';
import { useChat } from '@/features/chat/runtime/use-chat';
import { useSelectionStore } from './selection-store';

/**
 * The chat's tool-call policy: from the settings of every assistant of the chat (those that answered in it and the
 * one picked to answer next), the person's choice, and what the server's conversation keeps.
 */
export function useChatToolPolicy(conversationId: string): ChatPolicy {
  const { client } = useConsoleServices();
  const picked = useSelectionStore((state) => state.assistant);
  const answered = useChat(
    useShallow((state) => [...new Set((state.turns[conversationId] ?? []).map((turn) => turn.assistantId))]),
  );
  const chosen = useChat((state) => state.toolPolicies[conversationId]);
  const stored = useChat((state) => state.conversations[conversationId]?.toolCallPolicy);
  const names = new Map<string, string>(
    useChat(
      useShallow((state) =>
        (state.turns[conversationId] ?? []).map((turn): [string, string] => [turn.assistantId, turn.assistantName]),
      ),
    ),
  );
  if (picked) names.set(picked.id, picked.name);
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
