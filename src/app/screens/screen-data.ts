import type { QueryClient } from '@tanstack/react-query';
import { modelListQuery } from '@/api/catalog-queries';
import type { ApiClient } from '@/api/client/http-client';
import { workflowListQuery } from '@/api/workflows/workflow-queries';
import { preloadMarkdown } from '@/ui/markdown/markdown';

/**
 * What a screen shows first, started by its route's loader: on the first visit it travels beside the screen's chunk
 * instead of after it (the screen's queries would start only once it renders), and hovering a link to the screen
 * starts both. Nothing is awaited: the screen opens at once and shows its reads as they land; a failed read is the
 * screen's to show (its query asks again when it mounts). The query options are the ones the screens' queries use.
 * The markdown renderer comes with the screens that show answers or run outputs at once, so those do not show as
 * plain text first; Settings, Headers and the Inspector never fetch it.
 */
export function screenData(queryClient: QueryClient, client: ApiClient) {
  return {
    /** The transcript's markdown and the composer's model picker. */
    chat: () => {
      void preloadMarkdown();
      void queryClient.prefetchQuery({ ...modelListQuery(client), retry: false });
    },
    /** The launcher's workflow list, unfiltered. */
    workflows: () => {
      void preloadMarkdown();
      void queryClient.prefetchInfiniteQuery({ ...workflowListQuery(client, ''), retry: false });
    },
    /** Runs, a run, a comparison, a batch: their outputs are markdown. */
    workflowPages: () => void preloadMarkdown(),
  };
}
