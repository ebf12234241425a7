// The catalog of the local platform: scripted assistants, LLM models and workflows. Add entries here.

export type AssistantScript = 'general' | 'storyteller' | 'broken';

export interface AssistantEntry {
  id: string;
  name: string;
  slug: string;
  description: string;
  llmModel: string;
  conversationStarters: readonly string[];
  script: AssistantScript;
  /** Role an account needs to use it; none means every signed-in account. */
  requiredRole?: string;
}

export interface WorkflowEntry {
  id: string;
  name: string;
  description: string;
  startHint: string;
  requiredRole?: string;
}

export interface LlmModelEntry {
  base_name: string;
  label: string;
  provider: string;
  default: boolean;
  enabled: boolean;
  multimodal: boolean;
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
    description: 'Reviews ledgers and expenses. Restricted to the finance role.',
    llmModel: 'claude-sonnet-4',
    conversationStarters: ['Audit last quarter travel expenses', 'Explain double-entry bookkeeping'],
    script: 'general',
    requiredRole: 'finance',
  },
];

export const workflows: readonly WorkflowEntry[] = [
  {
    id: 'b2000000-0000-4000-8000-000000000001',
    name: 'Summarize document',
    description: 'Summarizes a pasted document into key points.',
    startHint: 'Paste the text to summarize',
  },
  {
    id: 'b2000000-0000-4000-8000-000000000002',
    name: 'Payroll audit',
    description: 'Checks a payroll export for anomalies. Restricted to the finance role.',
    startHint: 'Name the payroll period to audit, e.g. 2026-07',
    requiredRole: 'finance',
  },
];

export const llmModels: readonly LlmModelEntry[] = [
  { base_name: 'gpt-4.1', label: 'GPT-4.1', provider: 'azure_openai', default: true, enabled: true, multimodal: true },
  { base_name: 'gpt-4.1-mini', label: 'GPT-4.1 mini', provider: 'azure_openai', default: false, enabled: true, multimodal: true },
  { base_name: 'claude-sonnet-4', label: 'Claude Sonnet 4', provider: 'aws_bedrock', default: false, enabled: true, multimodal: true },
  { base_name: 'gemini-2.5-pro', label: 'Gemini 2.5 Pro', provider: 'google_vertexai', default: false, enabled: true, multimodal: true },
];

export const findAssistant = (id: string): AssistantEntry | undefined => assistants.find((item) => item.id === id);
export const findWorkflow = (id: string): WorkflowEntry | undefined => workflows.find((item) => item.id === id);
export const findLlmModel = (name: string): LlmModelEntry | undefined => llmModels.find((item) => item.base_name === name);
