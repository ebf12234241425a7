import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { eligibleBaselines } from '@/domain/workflows/batches/batch-comparison';
import { Button } from '@/ui/button';
import { BaselineChoice } from '@/features/workflows/compare/baseline-choice';
import { batchSummary } from '@/features/workflows/compare/batch-side';
import type { BatchRecord } from './batch-record';
import { useBatchesStore } from './batches-store';

/** "Compare against a baseline…": choose one of the earlier finished batches of this workflow, then open the comparison. */
export function CompareAgainstBaseline({ record }: { record: BatchRecord }) {
  const navigate = useNavigate();
  const records = useBatchesStore((state) => state.batches);
  const [asking, setAsking] = useState(false);
  const options = eligibleBaselines(records.map(batchSummary), [batchSummary(record)]).flatMap(
    (item) => records.find((other) => other.id === item.id) ?? [],
  );
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const baseline = chosen ?? options[0]?.id;
  if (!asking) {
    return <Button onClick={() => setAsking(true)}>Compare against a baseline…</Button>;
  }
  if (options.length === 0) {
    return (
      <p className="muted small" role="status">
        No earlier finished batch of {record.workflowName} is in this browser to compare with.{' '}
        <Button size="small" variant="quiet" onClick={() => setAsking(false)}>
          Close
        </Button>
      </p>
    );
  }
  return (
    <span className="row" role="group" aria-label="Compare against a baseline">
      <BaselineChoice options={options} value={baseline} onChoose={setChosen} />
      <Button
        size="small"
        variant="primary"
        onClick={() =>
          void navigate({
            to: '/workflows/compare/batches',
            search: { ...(baseline ? { baseline } : {}), batches: record.id },
          })
        }
      >
        Compare
      </Button>
      <Button size="small" variant="quiet" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}
