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

/** A router's four tiers, each naming a model of the list above (CURRENT-SERVERS.md §7, Model routers). */
export interface LlmRouterEntry {
  base_name: string;
  label: string;
  provider: string;
  default: boolean;
  enabled: boolean;
  is_router: true;
  tiers: Record<'simple' | 'medium' | 'complex' | 'reasoning', string>;
}

/**
 * Model routers: virtual entries current servers list beside the models, picked like one (their base_name is sent as
 * llmModel). 2.42 servers have none. A call through one answers as usual: the scripts do not depend on the model.
 */
export const llmRouters: readonly LlmRouterEntry[] = [
  {
    base_name: 'auto-balanced',
    label: 'Auto (balanced)',
    provider: 'router',
    default: false,
    enabled: true,
    is_router: true,
    tiers: { simple: 'gpt-4.1-mini', medium: 'gpt-4.1', complex: 'claude-sonnet-4', reasoning: 'gemini-2.5-pro' },
  },
  {
    base_name: 'auto-economy',
    label: 'Auto (economy)',
    provider: 'router',
    default: false,
    enabled: true,
    is_router: true,
    tiers: { simple: 'gpt-4.1-mini', medium: 'gpt-4.1-mini', complex: 'gpt-4.1', reasoning: 'claude-sonnet-4' },
  },
];
