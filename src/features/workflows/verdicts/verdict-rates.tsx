import type { ComparedRow } from '@/domain/workflows/batches/batch-comparison';
import { pairKey, passRate, passRateText, winRate, winRateText } from '@/domain/workflows/verdicts/verdicts';
import { findBatch, useBatchesStore } from '@/features/workflows/batches/batches-store';
import './verdicts.css';

/**
 * What the person judged of one compared batch: its pass rate over its rows, and its win rate against the baseline
 * over the aligned rows ("Win rate 67 % · 2 better, 0 same, 1 worse · 7 not judged").
 */
export function VerdictRates({
  batchId,
  baselineId,
  batchName,
  rows,
}: {
  batchId: string;
  baselineId: string;
  batchName: string;
  rows: readonly ComparedRow[];
}) {
  const verdicts = useBatchesStore((state) => findBatch(batchId)(state)?.verdicts);
  const indexes = rows.flatMap((row) => (row.candidate ? [row.candidate.index] : []));
  const keys = rows.map((row) => pairKey(row.baseline?.index, row.candidate?.index));
  return (
    <div className="verdict-rates" role="status" aria-label={`Verdicts on the ${batchName}`}>
      <strong className="verdict-win-rate">{winRateText(winRate(verdicts, baselineId, keys))}</strong>
      <strong className="verdict-pass-rate">{passRateText(passRate(verdicts, indexes))}</strong>
    </div>
  );
}
