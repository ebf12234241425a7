// The catalog of the local platform: scripted assistants, LLM models and workflows, each kept in a file of its own
// (catalog-assistants.ts, catalog-workflows.ts, catalog-models.ts; add entries there), and found by id here.
import { assistants } from './catalog-assistants';
import type { AssistantEntry } from './assistant-entry';
import { llmModels, llmRouters, type LlmModelEntry, type LlmRouterEntry } from './catalog-models';
import { workflows, type WorkflowEntry } from './catalog-workflows';

export { assistants } from './catalog-assistants';
export type { AssistantEntry } from './assistant-entry';
export { llmModels, llmRouters, type LlmModelEntry, type LlmRouterEntry } from './catalog-models';
export { workflows, type WorkflowEntry } from './catalog-workflows';

export const findAssistant = (id: string): AssistantEntry | undefined => assistants.find((item) => item.id === id);
export const findWorkflow = (id: string): WorkflowEntry | undefined => workflows.find((item) => item.id === id);
export const findLlmModel = (name: string): LlmModelEntry | undefined =>
  llmModels.find((item) => item.base_name === name);
export const findLlmRouter = (name: string): LlmRouterEntry | undefined =>
  llmRouters.find((item) => item.base_name === name);
