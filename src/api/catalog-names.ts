import type { QueryClient } from '@tanstack/react-query';
import { catalogKeys } from './catalog-queries';
import { workflowKeys } from './workflows/workflow-queries';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Every {id, name} in a cached answer: a page of a list, pages of an infinite list, or one item. */
function collect(value: unknown, into: Map<string, string>): void {
  if (Array.isArray(value)) return value.forEach((item) => collect(item, into));
  if (!isRecord(value)) return;
  if (typeof value.id === 'string' && typeof value.name === 'string') into.set(value.id.toLowerCase(), value.name);
  for (const key of ['pages', 'data'] as const) if (key in value) collect(value[key], into);
}

/**
 * The names of the assistants and workflows this tab has already read (lists and details), by lowercased id:
 * what the Inspector calls the ids in a path. Nothing is fetched for it.
 */
export function knownCatalogNames(queryClient: QueryClient, baseUrl: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const key of [catalogKeys.assistants(baseUrl), workflowKeys.all(baseUrl)]) {
    for (const [, data] of queryClient.getQueriesData({ queryKey: key })) collect(data, names);
  }
  return names;
}
