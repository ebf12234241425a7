import type { ApiClient } from '@/api/client/http-client';
import { executionStatesSchema, type ExecutionState } from './workflow-schemas';

// Real servers page states by 10 unless asked; there is no upper bound on per_page, but a generous page keeps
// each answer small while a long run usually fits in one.
export const statesPageSize = 100;
const pageLimit = 500;

/**
 * Every state of an execution, oldest first, however many pages it takes. A server without paging answers
 * everything at once (no `pagination`), which ends the loop as well.
 */
export async function fetchAllStates(
  client: ApiClient,
  executionPath: string,
  signal: AbortSignal,
): Promise<ExecutionState[]> {
  const states: ExecutionState[] = [];
  const seen = new Set<string>();
  for (let page = 0; page < pageLimit; page += 1) {
    const params = new URLSearchParams({ page: String(page), per_page: String(statesPageSize) });
    const answer = await client.json(`${executionPath}/states?${params.toString()}`, executionStatesSchema, {
      signal,
      kind: 'workflow',
    });
    // A state that moved to a later page while the run advanced is not listed twice.
    for (const state of answer.data) {
      if (seen.has(state.id)) continue;
      seen.add(state.id);
      states.push(state);
    }
    const pages = answer.pagination?.pages;
    if (answer.data.length === 0 || pages === undefined || page + 1 >= pages) break;
  }
  return states;
}
