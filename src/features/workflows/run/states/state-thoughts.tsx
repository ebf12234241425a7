import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import { stateThoughtsQuery } from '@/api/workflows/execution-calls';
import type { ExecutionState } from '@/api/workflows/workflow-schemas';
import { executionThoughtTree } from '@/domain/workflows/run/execution-thoughts';
import { ThoughtsPanel } from '@/features/thoughts';
import { Button } from '@/ui/button';

/**
 * The thought tree of one state of a followed run: fetched once when the reader asks for it (real servers list a
 * state's root thoughts with the state, and return the trees from POST …/thoughts), shown with the chat's tree view.
 */
export function StateThoughts({
  runId,
  workflowId,
  executionId,
  state,
}: {
  runId: string;
  workflowId: string;
  executionId: string;
  state: ExecutionState;
}) {
  const { client } = useWorkflowsServices();
  const [asked, setAsked] = useState(false);
  const rootIds = useMemo(() => state.thoughts.map((thought) => thought.id), [state.thoughts]);
  const thoughts = useQuery({
    ...stateThoughtsQuery(client, workflowId, executionId, state.id, rootIds),
    enabled: asked && rootIds.length > 0,
  });
  const tree = useMemo(() => executionThoughtTree(thoughts.data ?? []), [thoughts.data]);
  if (rootIds.length === 0) return null;
  if (!asked || thoughts.isPending) {
    return (
      <Button
        variant="link"
        size="small"
        className="state-thoughts-toggle"
        onClick={() => setAsked(true)}
        disabled={asked}
        aria-busy={asked}
      >
        {asked ? 'Loading thoughts…' : `Show thoughts (${rootIds.length} ${rootIds.length === 1 ? 'agent' : 'agents'})`}
      </Button>
    );
  }
  if (thoughts.isError) {
    return (
      <p className="field-warning" role="alert">
        The thoughts of this state could not be read: {thoughts.error.message}{' '}
        <Button variant="link" size="small" onClick={() => thoughts.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  return (
    <ThoughtsPanel
      tree={tree}
      scope={`run:${runId}`}
      turnId={`run:${runId}:state:${state.id}`}
      live={false}
      seconds={undefined}
      startOpen
      // Stored thoughts carry no times, and the run's time is told by its states' timeline.
      timeline={false}
    />
  );
}
