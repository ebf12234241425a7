// The LLM models the local platform offers (the catalog's third part; see catalog-data.ts). Add entries here.

export interface LlmModelEntry {
  base_name: string;
  label: string;
  provider: string;
  default: boolean;
  enabled: boolean;
  multimodal: boolean;
}

export const llmModels: readonly LlmModelEntry[] = [
  { base_name: 'gpt-4.1', label: 'GPT-4.1', provider: 'azure_openai', default: true, enabled: true, multimodal: true },
  {
    base_name: 'gpt-4.1-mini',
    label: 'GPT-4.1 mini',
    provider: 'azure_openai',
    default: false,
    enabled: true,
    multimodal: true,
  },
  {
    base_name: 'claude-sonnet-4',
    label: 'Claude Sonnet 4',
    provider: 'aws_bedrock',
    default: false,
    enabled: true,
    multimodal: true,
  },
  {
    base_name: 'gemini-2.5-pro',
    label: 'Gemini 2.5 Pro',
    provider: 'google_vertexai',
    default: false,
    enabled: true,
    multimodal: true,
  },
];
