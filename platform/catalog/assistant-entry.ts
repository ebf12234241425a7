// What the catalog says of one assistant: its script and the switches it is played with.
import type { StreamWire } from '../stream-writer';
import type { ToolPermissions } from '../approval/policy';

export type AssistantScript =
  | 'general'
  | 'storyteller'
  | 'broken'
  | 'research'
  | 'codemie'
  | 'flaky'
  | 'garbled'
  | 'agent-errors'
  | 'header-inspector'
  | 'tenant-data'
  | 'leaky-echo'
  | 'region-reporter'
  | 'fault-injector'
  | 'bench'
  | 'file-reader'
  | 'slow-tool'
  | 'literal-braces'
  | 'asking'
  | 'records-keeper'
  | 'guarded-operator'
  | 'two-step-migrator'
  | 'locked-auditor'
  | 'connect-required'
  | 'slow-writer';

export interface AssistantEntry {
  id: string;
  name: string;
  slug: string;
  description: string;
  llmModel: string;
  conversationStarters: readonly string[];
  script: AssistantScript;
  /** Wire of streamed answers (default `sse`); PLATFORM_STREAM_WIRE overrides it for all assistants. */
  wire?: StreamWire;
  /** Role an account needs to use it; none means every signed-in account. */
  requiredRole?: string;
  /** Refuse with the seed's 403 instead of real servers' 401 "Access denied" (one demo assistant only). */
  seedRefusal?: true;
  /** Current servers' `tool_permissions`; unset means the defaults (auto_approve, override allowed). */
  toolPermissions?: ToolPermissions;
}
