import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { executionQuery, workflowDetailQuery } from '@/api/workflows/workflow-queries';
import { describeError } from '@/domain/errors/describe-error';
import { toApiError } from '@/domain/errors/api-error';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { useAllSavedRuns } from '@/features/workflows/saved-runs/use-saved-runs';
import { useWorkflowRuntime } from '@/features/workflows/runtime/use-workflow-runtime';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';

/**
 * An execution named by the server's ids (a run paused on another device, listed in Waiting for you): opened as the
 * run this browser holds for it, or kept here first, as opening it from the server's list does.
 */
export function ExecutionOpener({ workflowId, executionId }: { workflowId: string; executionId: string }) {
  const { client } = useWorkflowsServices();
  const runtime = useWorkflowRuntime();
  const navigate = useNavigate();
  // Every run this browser holds is read first: the execution may be one of them.
  const readingKnown = useAllSavedRuns(true);
  const loaded = useRunsStore((state) => state.status === 'ready' || state.status === 'failed') && !readingKnown;
  const known = useRunsStore((state) => state.runs.find((run) => run.executionId === executionId));
  const record = useQuery({ ...executionQuery(client, workflowId, executionId), enabled: loaded && !known });
  const workflow = useQuery({ ...workflowDetailQuery(client, workflowId), enabled: loaded && !known });
  const failure = record.error ?? workflow.error;

  useEffect(() => {
    const open = (runId: string) => navigate({ to: '/workflows/runs/$runId', params: { runId }, replace: true });
    if (known) open(known.id);
    else if (record.data && workflow.data)
      // The record's own workflow: a server does not check the one the address names.
      open(runtime.adopt(record.data, { id: record.data.workflow_id ?? workflowId, name: workflow.data.name }).id);
  }, [known, record.data, workflow.data, runtime, navigate, workflowId]);

  return (
    <section className="page">
      <h1>Run</h1>
      {failure ? (
        <p role="alert">This run could not be opened: {describeError(toApiError(failure), 'workflow').title}.</p>
      ) : (
        <p className="muted">Opening the run…</p>
      )}
      <Link to="/workflows/runs">All runs</Link>
    </section>
  );
}
