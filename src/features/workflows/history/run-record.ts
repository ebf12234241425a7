import type { RunRecord } from '@/domain/workflows/history/run-filter';
import type { Run } from '@/features/workflows/model/run';
import { sessionOf } from '@/features/workflows/model/run-facts';

/** The run as the domain's filters and exports read it. */
export function toRunRecord(run: Run): RunRecord {
  const session = sessionOf(run);
  return {
    id: run.id,
    workflowId: run.workflowId,
    workflowName: run.workflowName,
    userInput: run.userInput,
    tags: run.tags,
    status: run.status,
    startedAt: run.startedAt,
    ...(session ? { sessionId: session } : {}),
    ...(run.fileName ? { fileName: run.fileName } : {}),
    ...(run.forwarded?.profileName ? { profileName: run.forwarded.profileName } : {}),
    ...(run.executionId ? { executionId: run.executionId } : {}),
    ...(run.endedAt ? { finishedAt: run.endedAt } : {}),
    ...(run.finalOutput !== undefined
      ? { outputs: [{ stateId: 'final', name: 'final', output: run.finalOutput }] }
      : {}),
    ...(run.batchId ? { batchId: run.batchId } : {}),
  };
}
