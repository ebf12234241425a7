import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { importSizeProblem } from '@/domain/conversations/transfer/import-limits';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { Button } from '@/ui/button';
import { readBatchFile } from './batch-file';
import { useBatchesStore } from './batches-store';

/**
 * Import a batch exported with "Export batch (JSON)": its rows, results, verdicts and runs become this person's
 * (kept in this browser under their name), then its page opens. A bad file says what is wrong with it.
 */
export function BatchImport() {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const batches = useBatchesStore((state) => state.batches);
  const batchCreated = useBatchesStore((state) => state.batchCreated);
  const runsRestored = useRunsStore((state) => state.runsRestored);
  const read = async (file: File) => {
    const tooLarge = importSizeProblem(file.size);
    if (tooLarge) return setProblem(tooLarge);
    const text = await file.text().catch(() => null);
    if (text === null) return setProblem(`${file.name} could not be read; choose it again.`);
    const result = readBatchFile(text);
    if (!result.ok) return setProblem(result.problem);
    if (batches.some((record) => record.id === result.record.id)) {
      return setProblem('This batch is already in this browser.');
    }
    setProblem(null);
    batchCreated(result.record);
    runsRestored(result.runs);
    void navigate({ to: '/workflows/batches/$batchId', params: { batchId: result.record.id } });
  };
  return (
    <>
      <Button size="small" onClick={() => input.current?.click()}>
        Import batch…
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        aria-label="Import a batch (JSON)"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
      {problem ? (
        <p role="alert" className="field-error small">
          {problem}
        </p>
      ) : null}
    </>
  );
}
