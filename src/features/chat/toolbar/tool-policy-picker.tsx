import { useEffect } from 'react';
import { policyLabel, toolCallPolicies, type ToolCallPolicy } from '@/domain/approval/tool-policy';
import { CompactSelect } from '@/ui/compact-select';
import { useChatRuntime } from '@/features/chat/runtime/use-chat';
import { useChatToolPolicy } from './use-chat-tool-policy';

const choices = toolCallPolicies.map((policy) => ({
  id: policy,
  label: policyLabel[policy].name,
  detail: policyLabel[policy].description,
}));

/** What the chosen policy means, read after the control's name and shown in its tooltip. */
const meaning: Record<ToolCallPolicy, string> = {
  ask_for_approval: 'Agents ask you before every tool call.',
  approve_for_me: 'Agents run safe tools and ask you before risky operations.',
  auto_approve: 'Every tool call runs without asking you, risky ones included.',
};

/**
 * "Approval: Manual / Guarded / Auto", its own control beside the tool switches, where the server has tool policies:
 * how much the chat's agents may do before they ask. Auto, the riskiest, is the one that stands out. Read-only,
 * saying why, when an assistant does not let a chat change it.
 */
export function ToolPolicyPicker({ conversationId }: { conversationId: string }) {
  const policy = useChatToolPolicy(conversationId);
  const runtime = useChatRuntime();
  if (policy.kind === 'hidden') return null;
  const value = policy.kind === 'set' ? policy.policy : null;
  const locked = policy.kind === 'set' ? policy.lockedBecause : null;
  const description = value ? [meaning[value], locked].filter(Boolean).join(' ') : undefined;
  return (
    <span className={`tool-policy${value === 'auto_approve' ? ' tool-policy-auto' : ''}`} title={description}>
      <CompactSelect
        label="Approval"
        className="tool-policy-select"
        choices={choices}
        value={value}
        shown={value ? policyLabel[value].name : 'Reading…'}
        description={description}
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

/**
 * Tells the runtime whether the chat's standing allowances apply: where the chat may loosen its assistants' policy,
 * known from their settings (those that answered and the one picked next). An assistant's Manual floor wins, and
 * while their settings are read nothing is allowed by itself. Used where the chat is shown, whatever the bar's layout.
 */
export function useStandingAllowancesFloor(conversationId: string): void {
  const policy = useChatToolPolicy(conversationId);
  const runtime = useChatRuntime();
  const loosens = policy.kind === 'set' && policy.lockedBecause === null;
  useEffect(() => runtime.allowancesApply(conversationId, loosens), [runtime, conversationId, loosens]);
}
