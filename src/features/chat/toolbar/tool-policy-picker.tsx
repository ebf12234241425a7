import { policyLabel, toolCallPolicies } from '@/domain/approval/tool-policy';
import { CompactSelect } from '@/ui/compact-select';
import { useChatRuntime } from '@/features/chat/runtime/use-chat';
import { useChatToolPolicy } from './use-chat-tool-policy';

const choices = toolCallPolicies.map((policy) => ({
  id: policy,
  label: policyLabel[policy].name,
  detail: policyLabel[policy].description,
}));

/**
 * "Tool calls: Manual / Guarded / Auto", where the server has tool policies: how much the chat's agents may do
 * before they ask. Read-only, saying why, when an assistant does not allow a chat to change it.
 */
export function ToolPolicyPicker({ conversationId }: { conversationId: string }) {
  const policy = useChatToolPolicy(conversationId);
  const runtime = useChatRuntime();
  if (policy.kind === 'hidden') return null;
  const value = policy.kind === 'set' ? policy.policy : null;
  const locked = policy.kind === 'set' ? policy.lockedBecause : null;
  return (
    <span className="tool-policy" title={locked ?? 'How much the assistants of this chat may do before they ask you'}>
      <CompactSelect
        label="Tool calls"
        className="tool-policy-select"
        choices={choices}
        value={value}
        shown={value ? policyLabel[value].name : 'Reading…'}
        isDisabled={policy.kind === 'loading' || locked !== null}
        onChange={(id) => {
          const picked = toolCallPolicies.find((known) => known === id);
          if (picked) runtime.setToolPolicy(conversationId, picked);
        }}
      />
      {locked ? (
        <span className="tool-policy-lock muted small" role="note">
          <span aria-hidden="true">locked</span>
          <span className="visually-hidden">{locked}</span>
        </span>
      ) : null}
    </span>
  );
}
