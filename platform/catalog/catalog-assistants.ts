// The local platform's scripted assistants (the catalog's first part; see catalog-data.ts). Add entries here.
import type { StreamWire } from '../stream-writer';
import type { ToolPermissions } from '../approval/policy';
import { approvalAssistants } from './catalog-approval';

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

export const assistants: readonly AssistantEntry[] = [
  {
    id: 'a1000000-0000-4000-8000-000000000001',
    name: 'General Assistant',
    slug: 'general',
    description: 'Answers any question in rich Markdown: headings, lists, a table, code and links.',
    llmModel: 'gpt-4.1',
    conversationStarters: [
      'Explain PKCE in two paragraphs',
      'Compare SSE and WebSockets in a table',
      'Write a TypeScript debounce function',
    ],
    script: 'general',
  },
  {
    id: 'a1000000-0000-4000-8000-000000000002',
    name: 'Slow Storyteller',
    slug: 'slow-storyteller',
    description: 'Tells a long story slowly, word by word. Good for trying Stop.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Tell me a story about a lighthouse', 'Tell me a long story'],
    script: 'storyteller',
  },
  {
    id: 'a1000000-0000-4000-8000-000000000003',
    name: 'Broken Assistant',
    slug: 'broken',
    description: 'Always fails with a server error, to show how errors look.',
    llmModel: 'gpt-4.1',
    conversationStarters: ['Say hello'],
    script: 'broken',
  },
  {
    id: 'a1000000-0000-4000-8000-000000000004',
    name: 'Finance Auditor',
    slug: 'finance-auditor',
    description:
      'Reviews ledgers and expenses. Restricted to the finance role: others get 401 "Access denied", as on real servers.',
    llmModel: 'claude-sonnet-4',
    conversationStarters: ['Audit last quarter travel expenses', 'Explain double-entry bookkeeping'],
    script: 'general',
    requiredRole: 'finance',
  },
  {
    id: 'a1000000-0000-4000-8000-000000000005',
    name: 'Research Agent',
    slug: 'research-agent',
    description:
      'Researches with sub-agents and tools, showing a live tree of thoughts (one tool fails), then answers.',
    llmModel: 'gpt-4.1',
    conversationStarters: ['How do solar panels work?', 'Research the history of the bicycle'],
    script: 'research',
    wire: 'sse',
  },
  {
    id: 'a1000000-0000-4000-8000-000000000006',
    name: 'Research Agent (NDJSON)',
    slug: 'research-agent-ndjson',
    description: 'The Research Agent on the deployed NDJSON wire: same thoughts and answer, different framing.',
    llmModel: 'gpt-4.1',
    conversationStarters: ['How do solar panels work?', 'Research the history of the bicycle'],
    script: 'research',
    wire: 'ndjson',
  },
  {
    id: 'a1000000-0000-4000-8000-000000000007',
    name: 'Codemie Agent',
    slug: 'codemie-agent',
    description: 'Streams like deployed agents: a tool call, then the answer as "Codemie Thoughts", over NDJSON.',
    llmModel: 'claude-sonnet-4',
    conversationStarters: ['What is a vector database?', 'Summarize our deployment guide'],
    script: 'codemie',
    wire: 'ndjson',
  },
  {
    id: 'a1000000-0000-4000-8000-000000000008',
    name: 'Flaky Connection',
    slug: 'flaky-connection',
    description: 'Starts answering, then the connection drops with no end marker. Shows an interrupted answer.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Explain caching', 'Tell me about retries'],
    script: 'flaky',
    wire: 'sse',
  },
  {
    id: 'a1000000-0000-4000-8000-000000000009',
    name: 'Garbled Stream',
    slug: 'garbled-stream',
    description: 'Sends one malformed event in the middle of an otherwise normal streamed answer.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Explain checksums', 'Say hello'],
    script: 'garbled',
    wire: 'sse',
  },
  {
    id: 'a1000000-0000-4000-8000-00000000000a',
    name: 'Agent With Errors',
    slug: 'agent-with-errors',
    description: 'An agent stopped by a guardrail: the answer is an error text with execution_error "guardrails".',
    llmModel: 'gpt-4.1',
    conversationStarters: ['Write something forbidden', 'Say hello'],
    script: 'agent-errors',
    wire: 'sse',
  },
  {
    id: 'a1000000-0000-4000-8000-00000000000b',
    name: 'Header Inspector',
    slug: 'header-inspector',
    description: 'Calls the echo_headers tool on the MCP server and answers with the X-* headers that reached it.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Which headers reached the tool server?'],
    script: 'header-inspector',
    wire: 'sse',
  },
  {
    id: 'a1000000-0000-4000-8000-00000000000c',
    name: 'Tenant Data',
    slug: 'tenant-data',
    description: 'Calls the tenant_records tool, which returns the records of the tenant named by X-Tenant-ID.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Show our records'],
    script: 'tenant-data',
    wire: 'ndjson',
  },
  {
    id: 'a1000000-0000-4000-8000-00000000000d',
    name: 'Fault Injector',
    slug: 'fault-injector',
    description:
      'Fails on purpose, the way the question asks: "error object", "detail", "sse error", "unknown event", "deep thought", "busy" (429, Retry-After in seconds) or "busy date" (HTTP-date).',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['error object', 'sse error', 'unknown event', 'deep thought', 'busy'],
    script: 'fault-injector',
    wire: 'sse',
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000be',
    name: 'Bench Streamer',
    slug: 'bench-streamer',
    description:
      'For npm run bench:browser: streams long markdown at a set pace with timing markers ("bench rate=1000 size=200000 every=2000"), or a thought tree ("bench tree nodes=1000").',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['bench rate=1000 size=20000', 'bench tree nodes=1000'],
    script: 'bench',
    wire: 'sse',
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000f1',
    name: 'File Reader',
    slug: 'file-reader',
    description:
      'Reads the files attached to the question (file_names from POST /v1/files/bulk): name, type, size and first lines.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['What is in the attached files?'],
    script: 'file-reader',
    wire: 'sse',
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000f2',
    name: 'Slow Tool',
    slug: 'slow-tool',
    description:
      'Calls an MCP tool that works in silence (5 s by default; "silent 20" asks for 20 s, at most 600), then answers. No byte is sent meanwhile, like real servers.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Run the slow task', 'silent 20'],
    script: 'slow-tool',
    wire: 'ndjson',
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000f3',
    name: 'Literal Braces',
    slug: 'literal-braces',
    description:
      'Answers with a code sample holding a literal "}_{" beside "}{": streamed text escapes "}{" as "}_{", the final answer does not.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Show the JSON sample'],
    script: 'literal-braces',
    wire: 'ndjson',
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000f4',
    name: 'Restricted (403)',
    slug: 'restricted-403',
    description:
      'Refuses accounts without the finance role with the seed\'s 403, where real servers answer 401 "Access denied".',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Say hello'],
    script: 'general',
    requiredRole: 'finance',
    seedRefusal: true,
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000f5',
    name: 'Asking Assistant',
    slug: 'asking',
    description:
      'Asks before it acts, with an A2UI form on current servers (interactive_request on 2.42 ones): approve or reject a deployment with a reason; "form" in the question asks with choices, a date and text fields; "everything" or "all components" shows every A2UI Basic Catalog component.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Deploy the release', 'Show me the release form', 'Show me everything you can ask with'],
    script: 'asking',
    wire: 'ndjson',
  },
  {
    id: 'a1000000-0000-4000-8000-0000000000fb',
    name: 'Slow Writer',
    slug: 'slow-writer',
    description:
      'Writes about a minute of numbered words (word-1 … word-600), for reloading, re-attaching and Stop mid-answer: a repeated or missing word shows. "words 50" asks for 50.',
    llmModel: 'gpt-4.1-mini',
    conversationStarters: ['Write slowly', 'words 50'],
    script: 'slow-writer',
    wire: 'ndjson',
  },
  ...approvalAssistants,
];
