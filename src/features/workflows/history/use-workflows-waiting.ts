import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { latestExecutionsQuery } from '@/api/workflows/execution-calls';
import { workflowListQuery } from '@/api/workflows/workflow-queries';
import type { ExecutionRecord } from '@/api/workflows/workflow-schemas';
import { serverTimeMs } from '@/domain/time/server-time';
import { canonicalStatus } from '@/domain/workflows/run/execution-status';
import { startedBySomeoneElse } from '@/domain/workflows/history/execution-owner';
import type { WaitingItem } from '@/domain/waiting/waiting-item';
import { useBatchesStore } from '@/features/workflows/batches/batches-store';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';

/** How many workflows are asked for the person's latest executions, and how recent a paused one must be. */
const serverScan = { workflows: 8, withinMs: 7 * 24 * 60 * 60 * 1000 } as const;

const waitsForApproval = (status: string) => canonicalStatus(status) === 'Interrupted';

const whatWaits = (input: string | undefined) =>
  input ? `The run waits for approval: ${input.slice(0, 80)}` : 'The run waits for approval';

/**
 * Runs paused for approval that this browser does not hold (after Clear local data, or started on another device):
 * the latest executions of the workflows the person ran here, then of the catalog's first ones, are read. Where this
 * browser holds the run, what it knows wins.
 */
function useServerWaitingRuns(knownExecutions: ReadonlySet<string>, ranHere: readonly string[]): WaitingItem[] {
  const { client, owner } = useWorkflowsServices();
  const catalog = useInfiniteQuery(workflowListQuery(client, ''));
  const [since] = useState(() => Date.now() - serverScan.withinMs);
  const workflows = useMemo(() => {
    const names = new Map((catalog.data?.pages[0]?.data ?? []).map((workflow) => [workflow.id, workflow.name]));
    const ids = [...new Set([...ranHere.filter((id) => names.has(id)), ...names.keys()])];
    return ids.slice(0, serverScan.workflows).map((id) => ({ id, name: names.get(id) ?? id }));
  }, [catalog.data, ranHere]);
  const reads = useQueries({
    queries: workflows.map((workflow) => latestExecutionsQuery(client, workflow.id)),
    combine: pagesOf,
  });
  return useMemo(
    () =>
      workflows.flatMap((workflow, at) =>
        (reads[at] ?? [])
          .filter(
            (record: ExecutionRecord) =>
              waitsForApproval(record.overall_status) &&
              !knownExecutions.has(record.execution_id) &&
              !startedBySomeoneElse(record.created_by, owner) &&
              (serverTimeMs(record.update_date ?? record.updated_date ?? record.date) ?? 0) >= since,
          )
          .map((record): WaitingItem => ({
            key: `execution:${record.execution_id}`,
            kind: 'run',
            title: workflow.name,
            what: whatWaits(record.prompt),
            since: serverTimeMs(record.update_date ?? record.updated_date ?? record.date) ?? since,
            place: { screen: 'execution', workflowId: workflow.id, executionId: record.execution_id },
          })),
      ),
    [workflows, reads, knownExecutions, since, owner],
  );
}

/** The executions of each read (a stable array while none changes, so the list is not rebuilt on every render). */
const pagesOf = (results: readonly { data: { data: ExecutionRecord[] } | undefined }[]) =>
  results.map((result) => result.data?.data);

/** The runs (and batch rows) that wait for this person: interrupted for approval, to be continued or aborted. */
export function useWorkflowsWaiting(): WaitingItem[] {
  const runs = useRunsStore((state) => state.runs);
  const batches = useBatchesStore((state) => state.batches);
  const { knownExecutions, ranHere } = useMemo(
    () => ({
      knownExecutions: new Set(runs.flatMap((run) => (run.executionId ? [run.executionId] : []))),
      ranHere: [...new Set(runs.map((run) => run.workflowId))],
    }),
    [runs],
  );
  const fromServer = useServerWaitingRuns(knownExecutions, ranHere);
  const known = useMemo(() => {
    const waitingRuns = runs.filter((run) => !run.lost && waitsForApproval(run.status));
    const held = new Set(waitingRuns.map((run) => run.executionId ?? run.id));
    const items: WaitingItem[] = waitingRuns.map((run) => ({
      key: `run:${run.id}`,
      kind: 'run',
      title: run.workflowName,
      what: whatWaits(run.userInput),
      since: run.endedAt ?? run.startedAt,
      place: { screen: 'run', runId: run.id },
    }));
    for (const record of batches)
      for (const row of record.batch.rows)
        if (row.status === 'waiting' && !(row.executionId && held.has(row.executionId)))
          items.push({
            key: `batch:${record.id}:${row.index}`,
            kind: 'batch-row',
            title: `${record.workflowName} (batch${record.name ? ` “${record.name}”` : ''})`,
            what: `Row ${row.index + 1} waits for approval`,
            since: record.createdAt,
            place: { screen: 'batch', batchId: record.id },
          });
    return items;
  }, [runs, batches]);
  return useMemo(() => [...known, ...fromServer], [known, fromServer]);
}
