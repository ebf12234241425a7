import { Link } from '@tanstack/react-router';
import type { ComparedRow, SideRow } from '@/domain/workflows/batches/batch-comparison';
import type { BatchRowStatus } from '@/domain/workflows/batches/batch';
import {
  changeLabel,
  costDelta,
  costText,
  durationDelta,
  durationText,
  tokensDelta,
  tokensText,
} from './batch-compare-format';
import { DiffView } from './diff-view';
import type { judgementsOf } from '@/domain/workflows/verdicts/verdict-filter';
import type { PairVerdict } from '@/domain/workflows/verdicts/verdicts';
import type { useVerdictKeys } from '@/ui/verdicts/use-verdict-keys';
import { pairOptions, VerdictButtons } from '@/ui/verdicts/verdict-buttons';
import { VerdictNote } from '@/ui/verdicts/verdict-note';

const tone: Record<BatchRowStatus, string> = {
  queued: 'neutral',
  running: 'running',
  waiting: 'waiting',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'neutral',
};
const short = (text: string, max = 100) => (text.length > max ? `${text.slice(0, max)}…` : text);

function Status({ row }: { row: SideRow | undefined }) {
  if (!row) return <span className="muted">—</span>;
  const status = <span className={`run-status run-status-${tone[row.status]}`}>{row.status}</span>;
  return row.runId ? (
    <Link to="/workflows/runs/$runId" params={{ runId: row.runId }} title="Open the run">
      {status}
    </Link>
  ) : (
    status
  );
}

/** "1.2 s → 1.5 s +0.3 s": both sides and the change, "—" for a side that reported nothing. */
function Pair({ before, after, change }: { before: string; after: string; change: string }) {
  return (
    <>
      <span className="batch-compare-pair">
        {before} → {after}
      </span>
      {change ? <span className="batch-compare-delta"> {change}</span> : null}
    </>
  );
}

interface RowProps {
  row: ComparedRow;
  open: boolean;
  onToggle(): void;
  /** The pair's better / same / worse and this batch's pass / fail of the row. */
  judgements: ReturnType<typeof judgementsOf>;
  onJudge(change: { verdict?: PairVerdict | null; note?: string }): void;
  /** Focus and keys of the row (see useVerdictKeys). */
  rowProps: ReturnType<ReturnType<typeof useVerdictKeys>>;
}

/** One aligned row: both sides' status and numbers, what changed, its verdict and its output diff when opened. */
export function BatchCompareRow({ row, open, onToggle, judgements, onJudge, rowProps }: RowProps) {
  const { baseline, candidate } = row;
  const position = candidate ? candidate.index + 1 : (baseline?.index ?? 0) + 1;
  const name = candidate ? `Row ${position}` : `Removed row ${position}`;
  const input = candidate?.input ?? baseline?.input ?? '';
  const diffId = `batch-compare-diff-${baseline?.index ?? '-'}-${candidate?.index ?? '-'}`;
  return (
    <tbody className="batch-compare-item" data-change={row.change}>
      <tr aria-label={name} className="verdict-row" {...rowProps}>
        <th scope="row">
          {position}
          {baseline && candidate && baseline.index !== candidate.index ? (
            <span className="muted small"> (was {baseline.index + 1})</span>
          ) : null}
        </th>
        <td className="batch-compare-input" title={input}>
          {short(input)}
          {row.inputEdited && baseline ? (
            <span className="muted small batch-compare-was" title={baseline.input}>
              was: {short(baseline.input)}
            </span>
          ) : null}
        </td>
        <td>
          <Status row={baseline} /> <span aria-label="then">→</span> <Status row={candidate} />
        </td>
        <td>
          <span className={`batch-compare-change batch-compare-${row.change}`}>{changeLabel[row.change]}</span>
        </td>
        <td>
          <Pair
            before={durationText(baseline?.durationMs)}
            after={durationText(candidate?.durationMs)}
            change={durationDelta(row.durationDeltaMs)}
          />
        </td>
        <td>
          <Pair
            before={tokensText(baseline?.tokens)}
            after={tokensText(candidate?.tokens)}
            change={tokensDelta(row.tokensDelta)}
          />
        </td>
        <td>
          <Pair before={costText(baseline?.cost)} after={costText(candidate?.cost)} change={costDelta(row.costDelta)} />
        </td>
        <td>
          {row.output.identical ? (
            <span className="muted small">identical</span>
          ) : (
            <button
              type="button"
              className="link-button small"
              aria-expanded={open}
              aria-controls={open ? diffId : undefined}
              onClick={onToggle}
            >
              {open ? 'Hide' : 'Show'} diff (−{row.output.removed} +{row.output.added})
            </button>
          )}
        </td>
        <td>
          <VerdictButtons
            options={pairOptions}
            value={judgements.pair?.verdict}
            rowName={name}
            onChange={(verdict) => onJudge({ verdict })}
          />
          {judgements.passFail?.verdict ? (
            <span className="muted small verdict-marked">Row marked {judgements.passFail.verdict}</span>
          ) : null}
          <VerdictNote note={judgements.pair?.note} rowName={name} onSave={(note) => onJudge({ note })} />
        </td>
      </tr>
      {open && !row.output.identical ? (
        <tr className="batch-compare-diff" id={diffId}>
          <td colSpan={9}>
            <DiffView diff={row.output} label={`${name} output differences`} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
