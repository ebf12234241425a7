import { isRowFilter } from './row-filter';
import { isThresholdMetric, parseChange, type ThresholdMetric } from '@/domain/workflows/verdicts/threshold';
import { isVerdictFilter, type VerdictFilter } from '@/domain/workflows/verdicts/verdict-filter';

/**
 * What a batch comparison's address holds, so a shared link or a reload shows the same comparison: the baseline,
 * the batches compared with it (comma-separated, in the order shown) and the rows' filters: by change when not "all", by verdict when not "all", and a threshold on a metric's change
 * ("+50%" of duration, the metric named only when it is not duration).
 */
export interface BatchCompareSearch {
  baseline?: string;
  batches?: string;
  only?: 'changed' | 'regressions';
  verdict?: Exclude<VerdictFilter, 'all'>;
  metric?: Exclude<ThresholdMetric, 'duration'>;
  /** The threshold's change as "+50%" or "-20%". */
  change?: string;
}

const id = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function batchCompareSearch(search: Record<string, unknown>): BatchCompareSearch {
  const baseline = id(search.baseline);
  const batches = typeof search.batches === 'string' ? batchIdList(search.batches).join(',') : '';
  const only = isRowFilter(search.only) && search.only !== 'all' ? search.only : undefined;
  const verdict = isVerdictFilter(search.verdict) && search.verdict !== 'all' ? search.verdict : undefined;
  // A number in the address ("change=50") is read back as one by the router: it is a change all the same.
  const parsed =
    typeof search.change === 'string' || typeof search.change === 'number' ? parseChange(String(search.change)) : null;
  const change = parsed?.ok ? parsed.text : undefined;
  const metric = change && isThresholdMetric(search.metric) && search.metric !== 'duration' ? search.metric : undefined;
  return {
    ...(baseline ? { baseline } : {}),
    ...(batches ? { batches } : {}),
    ...(only ? { only } : {}),
    ...(verdict ? { verdict } : {}),
    ...(metric ? { metric } : {}),
    ...(change ? { change } : {}),
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
