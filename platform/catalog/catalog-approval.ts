// The tool-call approval demo assistants (CURRENT-SERVERS.md §1) and Jira Helper (§4's connect errors). Each uses
// real tools of the MCP server; the pauses exist only when the platform behaves like a current server.
import type { AssistantEntry } from './assistant-entry';

export const approvalAssistants: readonly AssistantEntry[] = [
  {
    id: 'a1000000-0000-4000-8000-0000000000f6',
    name: 'Records Keeper',
    slug: 'records-keeper',
    description:
      'Asks before it deletes records (policy ask_for_approval, a chat may override it): Allow runs delete_records, Deny keeps the data.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Delete the inactive customers', 'Clean up the legacy orders'],
    script: 'records-keeper',
    wire: 'ndjson',
    toolPermissions: { tool_call_policy: 'ask_for_approval', allow_override: true },
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000f7',
    name: 'Guarded Operator',
    slug: 'guarded-operator',
    description:
      'Policy approve_for_me: listing records (a safe tool) runs at once; "delete" or "remove" in the question uses delete_records, which asks first.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['List the customers', 'Remove the inactive customers'],
    script: 'guarded-operator',
    wire: 'ndjson',
    toolPermissions: { tool_call_policy: 'approve_for_me', allow_override: true },
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000f8',
    name: 'Two-step Migrator',
    slug: 'two-step-migrator',
    description:
      'Asks twice in one turn: first to list the table, then to delete its stale rows (policy ask_for_approval).',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Migrate the orders table', 'Migrate the invoices table'],
    script: 'two-step-migrator',
    wire: 'ndjson',
    toolPermissions: { tool_call_policy: 'ask_for_approval', allow_override: true },
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000f9',
    name: 'Locked Auditor',
    slug: 'locked-auditor',
    description:
      'Reads the invoices only after you allow it, and a chat cannot loosen that (ask_for_approval, allow_override false).',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Audit the invoices'],
    script: 'locked-auditor',
    wire: 'ndjson',
    toolPermissions: { tool_call_policy: 'ask_for_approval', allow_override: false },
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000fa',
    name: 'Jira Helper',
    slug: 'jira-helper',
    description:
      'Needs your Jira sign-in: answers 401 oauth_connect_required before any stream; "mcp" or "server" in the question gives authentication_required instead.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Show my Jira tickets', 'Ask the Jira MCP server'],
    script: 'connect-required',
    wire: 'ndjson',
  },
];
