import { useNavigate, useSearch } from '@tanstack/react-router';
import { batchCompareSearch, type BatchCompareSearch } from '@/domain/workflows/batches/batch-comparison-address';
import { parseChange, type Threshold, type ThresholdMetric } from '@/domain/workflows/verdicts/threshold';
import type { VerdictFilter } from '@/domain/workflows/verdicts/verdict-filter';

/**
 * The comparison's verdict filter and threshold, read from and written to the address (so a reload or a link
 * shows the same rows); each change replaces the address rather than adding to the history.
 */
export function useComparisonFilters() {
  const search = batchCompareSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const change = (next: Partial<Record<keyof BatchCompareSearch, string | undefined>>) =>
    navigate({ to: '/workflows/compare/batches', search: batchCompareSearch({ ...search, ...next }), replace: true });
  const parsed = search.change ? parseChange(search.change) : null;
  const metric: ThresholdMetric = search.metric ?? 'duration';
  const threshold: Threshold | undefined = parsed?.ok ? { metric, change: parsed.change } : undefined;
  const verdict: VerdictFilter = search.verdict ?? 'all';
  return {
    verdict,
    metric,
    threshold,
    setVerdict: (value: VerdictFilter) => change({ verdict: value === 'all' ? undefined : value }),
    setThreshold: (value: { metric: ThresholdMetric; change: string | undefined }) =>
      change({ metric: value.metric, change: value.change }),
  };
}
