import { z } from 'zod';
// How much an agent may do unasked, per chat (CURRENT-SERVERS.md §1.1, §1.5): the server resolves request →
// conversation → assistant, and an assistant that does not allow an override keeps its own policy.

export const toolCallPolicySchema = z.enum(['auto_approve', 'approve_for_me', 'ask_for_approval']);
export type ToolCallPolicy = z.output<typeof toolCallPolicySchema>;

export const toolCallPolicies: readonly ToolCallPolicy[] = ['ask_for_approval', 'approve_for_me', 'auto_approve'];

export const policyLabel: Record<ToolCallPolicy, { name: string; description: string }> = {
  ask_for_approval: { name: 'Manual', description: 'Ask before every tool call.' },
  approve_for_me: { name: 'Guarded', description: 'Run safe tools, ask before risky operations.' },
  auto_approve: { name: 'Auto', description: 'Run every tool call without asking.' },
};

const strictness: Record<ToolCallPolicy, number> = { auto_approve: 0, approve_for_me: 1, ask_for_approval: 2 };

export const strictest = (policies: readonly ToolCallPolicy[]): ToolCallPolicy | undefined =>
  policies.reduce<ToolCallPolicy | undefined>(
    (worst, policy) => (worst === undefined || strictness[policy] > strictness[worst] ? policy : worst),
    undefined,
  );

/** What the catalog says of one of the chat's assistants. */
export type AssistantPermissions =
  | { kind: 'policy'; name: string; policy: ToolCallPolicy; allowOverride: boolean }
  /** The server has no tool policies (a 2.42-era server sends no `tool_permissions`). */
  | { kind: 'none'; name: string }
  /** Its settings could not be read: the chat fails closed. */
  | { kind: 'unreadable'; name: string }
  | { kind: 'loading'; name: string };

export type ChatPolicy =
  | { kind: 'hidden' }
  | { kind: 'loading' }
  | { kind: 'set'; policy: ToolCallPolicy; lockedBecause: string | null; chosen: boolean };

/**
 * The chat's policy: the person's choice (or the one saved on the conversation) where every assistant allows an
 * override, else the strictest of the assistants' own; Manual, locked, when any assistant's settings cannot be read.
 */
export function chatPolicy(
  assistants: readonly AssistantPermissions[],
  chosen: ToolCallPolicy | undefined,
  stored: ToolCallPolicy | undefined,
): ChatPolicy {
  if (assistants.some((assistant) => assistant.kind === 'loading')) return { kind: 'loading' };
  const unreadable = assistants.find((assistant) => assistant.kind === 'unreadable');
  if (unreadable)
    return {
      kind: 'set',
      policy: 'ask_for_approval',
      lockedBecause: `The settings of ${unreadable.name} could not be read, so every tool call asks first.`,
      chosen: false,
    };
  const withPolicy = assistants.flatMap((assistant) => (assistant.kind === 'policy' ? [assistant] : []));
  if (withPolicy.length === 0) return { kind: 'hidden' };
  const own = strictest(withPolicy.map((assistant) => assistant.policy)) ?? 'auto_approve';
  const locked = withPolicy.find((assistant) => !assistant.allowOverride);
  if (locked)
    return {
      kind: 'set',
      policy: own,
      lockedBecause: `${locked.name} does not let a chat change its tool policy.`,
      chosen: false,
    };
  const picked = chosen ?? stored;
  return { kind: 'set', policy: picked ?? own, lockedBecause: null, chosen: picked !== undefined };
}
