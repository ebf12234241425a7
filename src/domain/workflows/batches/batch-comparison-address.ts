import { isRowFilter } from './batch-comparison';

/**
 * What a batch comparison's address holds, so a shared link or a reload shows the same comparison: the baseline,
 * the batches compared with it (comma-separated, in the order shown) and the rows' filter when it is not "all".
 */
export interface BatchCompareSearch {
  baseline?: string;
  batches?: string;
  only?: 'changed' | 'regressions';
}

const id = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function batchCompareSearch(search: Record<string, unknown>): BatchCompareSearch {
  const baseline = id(search.baseline);
  const batches = typeof search.batches === 'string' ? batchIdList(search.batches).join(',') : '';
  const only = isRowFilter(search.only) && search.only !== 'all' ? search.only : undefined;
  return {
    ...(baseline ? { baseline } : {}),
    ...(batches ? { batches } : {}),
    ...(only ? { only } : {}),
  };
}

/** The compared batches' ids, each once, in order. */
export const batchIdList = (batches: string | undefined): string[] => [
  ...new Set(
    (batches ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  ),
];
