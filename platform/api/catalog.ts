// Catalog endpoints: assistants (list, one), LLM models, workflows. Pages are 0-based.
import {
  assistants,
  findAssistant,
  findWorkflow,
  llmModels,
  llmRouters,
  workflows,
  type AssistantEntry,
} from '../catalog/catalog-data';
import { badRequest, notFound } from './errors';
import { integerParam, requireUuid } from './validate';
import type { ServerGeneration } from '../generation';
import { defaultToolPermissions } from '../approval/policy';

interface Page<T> {
  data: T[];
  pagination: { page: number; per_page: number; total: number; pages: number };
}

function searchFilter(params: URLSearchParams): string | undefined {
  const raw = params.get('filters');
  if (raw === null || raw.trim() === '') return undefined;
  let filters: unknown;
  try {
    filters = JSON.parse(raw);
  } catch (error) {
    throw badRequest(
      "Invalid query parameter 'filters'",
      `filters: ${error instanceof Error ? error.message : 'expected JSON'}`,
    );
  }
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) {
    throw badRequest("Invalid query parameter 'filters'", 'filters: expected a JSON object');
  }
  const search = (filters as Record<string, unknown>)['search'];
  if (search === undefined || search === null) return undefined;
  if (typeof search !== 'string')
    throw badRequest("Invalid query parameter 'filters'", 'filters.search: expected a string');
  return search.trim().toLowerCase() || undefined;
}

function paginate<T>(items: T[], params: URLSearchParams): Page<T> {
  const page = integerParam(params, 'page', 0, 1_000_000);
  const perPage = Math.max(1, integerParam(params, 'per_page', 10, 100));
  const total = items.length;
  return {
    data: items.slice(page * perPage, page * perPage + perPage),
    pagination: { page, per_page: perPage, total, pages: Math.ceil(total / perPage) },
  };
}

const matches = (search: string | undefined, ...fields: string[]): boolean =>
  search === undefined || fields.some((field) => field.toLowerCase().includes(search));

/** Current servers fill null `tool_permissions` with the defaults on output; 2.42 servers have no such field. */
const permissions = (item: AssistantEntry, server: ServerGeneration) =>
  server === '2.42' ? {} : { tool_permissions: { ...(item.toolPermissions ?? defaultToolPermissions) } };

function minimalAssistant(item: AssistantEntry, server: ServerGeneration) {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    icon_url: null,
    slug: item.slug,
    project: 'local',
    ...permissions(item, server),
  };
}

function fullAssistant(item: AssistantEntry, server: ServerGeneration) {
  return {
    ...minimalAssistant(item, server),
    llm_model_type: item.llmModel,
    conversation_starters: [...item.conversationStarters],
    toolkits: [],
    mcp_servers: [],
    shared: true,
    is_global: true,
  };
}

export function listAssistants(params: URLSearchParams, server: ServerGeneration) {
  const search = searchFilter(params);
  const minimal = params.get('minimal_response') !== 'false';
  const found = assistants.filter((item) => matches(search, item.name, item.description, item.slug));
  return paginate(
    found.map((item) => (minimal ? minimalAssistant(item, server) : fullAssistant(item, server))),
    params,
  );
}

export function getAssistant(id: string, server: ServerGeneration) {
  requireUuid(id, 'assistant');
  const item = findAssistant(id);
  if (!item) throw notFound(`Assistant ${id} not found`);
  return fullAssistant(item, server);
}

/** The models, then (current servers only) the routers, each with its tiers. */
export function listLlmModels(server: ServerGeneration) {
  const routers = server === '2.42' ? [] : llmRouters.map((router) => ({ ...router, tiers: { ...router.tiers } }));
  return [...llmModels.map((model) => ({ ...model })), ...routers];
}

export function listWorkflows(params: URLSearchParams) {
  const search = searchFilter(params);
  const found = workflows
    .filter((item) => matches(search, item.name, item.description))
    .map((item) => ({ id: item.id, name: item.name, description: item.description, start_hint: item.startHint }));
  return paginate(found, params);
}

export function getWorkflow(id: string) {
  requireUuid(id, 'workflow');
  const item = findWorkflow(id);
  if (!item) throw notFound(`Workflow ${id} not found`);
  return { id: item.id, name: item.name, description: item.description, start_hint: item.startHint };
}
