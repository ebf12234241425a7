import { useEffect, useState } from 'react';
import { useOlderRuns } from '@/features/workflows/saved-runs/use-saved-runs';

/** Reads the runs of the named batches into memory when they are saved but older than those loaded; true while reading. */
export function useBatchRuns(batchIds: readonly string[]): boolean {
  const { older, reader } = useOlderRuns();
  const key = batchIds.join(',');
  const [read, setRead] = useState<string | null>(null);
  useEffect(() => {
    if (!older) return;
    let current = true;
    const ids = key.split(',').filter(Boolean);
    // One read for all of them: a workflow's fifty batches update the runs (and what is drawn from them) once.
    void reader
      .readWhere({ batchIds: ids })
      .catch(() => undefined)
      .finally(() => current && setRead(key));
    return () => {
      current = false;
    };
  }, [older, reader, key]);
  return older && read !== key;
}
