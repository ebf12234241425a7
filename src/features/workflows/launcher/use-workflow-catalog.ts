import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@/ui/hooks/use-debounced-value';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import { workflowListQuery } from '@/api/workflows/workflow-queries';
import { isCatalogMissing } from '@/domain/errors/api-error';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';

export interface KnownWorkflow {
  id: string;
  name: string;
  description?: string | undefined;
  startHint?: string | undefined;
}

const matches = (search: string) => (workflow: KnownWorkflow) => {
  const needle = search.trim().toLowerCase();
  return (
    needle === '' || `${workflow.name} ${workflow.description ?? ''} ${workflow.id}`.toLowerCase().includes(needle)
  );
};

export interface WorkflowChoices {
  workflows: KnownWorkflow[];
  total: number;
  source: 'server' | 'fallback';
  loading: boolean;
  error: unknown;
  loadMore?: () => void;
}

export function useWorkflowChoices(
  search: string,
  fallback: RuntimeConfig['fallbacks']['workflows'],
  added: readonly KnownWorkflow[],
): WorkflowChoices {
  const { client } = useWorkflowsServices();
  // The server is asked once the typing pauses; until it answers for the text typed now, its last answer is narrowed here.
  const asked = useDebouncedValue(search.trim());
  const query = useInfiniteQuery({
    ...workflowListQuery(client, asked),
    placeholderData: keepPreviousData,
    retry: (count, error) => !isCatalogMissing(error) && count < 2,
  });
  const extra = added.filter(matches(search));
  const withExtra = (listed: KnownWorkflow[]) => {
    const ids = new Set(listed.map((workflow) => workflow.id));
    return [...listed, ...extra.filter((workflow) => !ids.has(workflow.id))];
  };
  const pages = query.data?.pages;
  if (pages?.length) {
    const listed = pages
      .flatMap((page) => page.data)
      .map(({ id, name, description, start_hint }) => ({
        id,
        name,
        ...(description ? { description } : {}),
        ...(start_hint ? { startHint: start_hint } : {}),
      }));
    const served = asked === search.trim() && !query.isPlaceholderData ? listed : listed.filter(matches(search));
    return {
      workflows: withExtra(served),
      total: pages[pages.length - 1]?.pagination.total ?? served.length,
      source: 'server',
      loading: query.isFetching,
      error: null,
      ...(query.hasNextPage ? { loadMore: () => void query.fetchNextPage() } : {}),
    };
  }
  const configured = fallback
    .filter(matches(search))
    .map(({ id, name, description }) => ({ id, name, ...(description ? { description } : {}) }));
  const workflows = withExtra(configured);
  return {
    workflows,
    total: workflows.length,
    source: 'fallback',
    loading: query.isPending,
    error: query.error && !isCatalogMissing(query.error) ? query.error : null,
  };
}
