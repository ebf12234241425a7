// Tool-call policies (CURRENT-SERVERS.md §1.1): what an assistant allows, what a chat or a call may ask for,
// and which one applies. 2.42 servers know none of this: their tools always run.
import type { ServerGeneration } from '../generation';
import { unprocessable } from '../api/errors';

export const toolCallPolicies = ['auto_approve', 'approve_for_me', 'ask_for_approval'] as const;
export type ToolCallPolicy = (typeof toolCallPolicies)[number];

export interface ToolPermissions {
  tool_call_policy: ToolCallPolicy;
  allow_override: boolean;
}

/** What real servers assume when an assistant's `tool_permissions` is null. */
export const defaultToolPermissions: ToolPermissions = { tool_call_policy: 'auto_approve', allow_override: true };

export const isToolCallPolicy = (value: unknown): value is ToolCallPolicy =>
  typeof value === 'string' && (toolCallPolicies as readonly string[]).includes(value);

/** Pydantic's enum message, as a 422 in the platform's error shape naming where the value was sent. */
export function policyError(loc: (string | number)[]) {
  const msg = "Input should be 'auto_approve', 'approve_for_me' or 'ask_for_approval'";
  return unprocessable(`${loc.at(-1) ?? ''}: ${msg}`, [{ loc, msg, type: 'enum' }]);
}

/** An optional policy field: absent or null gives null; anything but the enum is a 422. */
export function policyField(value: unknown, loc: (string | number)[]): ToolCallPolicy | null {
  if (value === undefined || value === null) return null;
  if (!isToolCallPolicy(value)) throw policyError(loc);
  return value;
}

export interface PolicySources {
  server: ServerGeneration;
  assistant: ToolPermissions | undefined;
  request: ToolCallPolicy | null;
  conversation: ToolCallPolicy | null;
}

/**
 * First non-null of request, conversation and assistant; an assistant with `allow_override: false` counts alone.
 * (Real servers may also apply a customer-config floor; the local platform has none.)
 */
export function effectivePolicy({ server, assistant, request, conversation }: PolicySources): ToolCallPolicy {
  if (server === '2.42') return 'auto_approve';
  const own = assistant ?? defaultToolPermissions;
  if (!own.allow_override) return own.tool_call_policy;
  return request ?? conversation ?? own.tool_call_policy;
}

/** Whether a tool batch waits for a person under the policy: `approve_for_me` lets only safe calls through. */
export const needsApproval = (policy: ToolCallPolicy, allSafe: boolean): boolean =>
  policy === 'ask_for_approval' || (policy === 'approve_for_me' && !allSafe);
