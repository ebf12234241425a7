import { useEffect, useState } from 'react';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import { useRunsStore } from './runs-store';

// Screens that need runs beyond the newest page read them from this browser's database into memory.

/** Whether older saved runs are left to read, and the reader. */
export function useOlderRuns() {
  const reader = useWorkflowsServices().runsReader;
  const older = useRunsStore((state) => state.older !== null && state.status === 'ready');
  return { older, reader };
}

/** Reads the named runs (by id, or a batch's) if they are saved but not in memory; true while reading. */
export function useSavedRuns(where: { ids: readonly string[] } | { batchId: string }): boolean {
  const { older, reader } = useOlderRuns();
  const key = JSON.stringify(where);
  const [read, setRead] = useState<string | null>(null);
  useEffect(() => {
    if (!older) return;
    let current = true;
    void reader
      .readWhere(JSON.parse(key) as typeof where)
      .catch(() => undefined)
      .finally(() => current && setRead(key));
    return () => {
      current = false;
    };
  }, [older, reader, key]);
  return older && read !== key;
}

/** Reads every older saved run when `needed` (a filter, the server's history); true while reading. */
export function useAllSavedRuns(needed: boolean): boolean {
  const { older, reader } = useOlderRuns();
  const reading = needed && older;
  useEffect(() => {
    if (reading) void reader.readOlder(true).catch(() => undefined);
  }, [reading, reader]);
  return reading;
}
