import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useConsoleServices } from '@/lib/console-services';
import { createLiveRunsStore, LiveRunsContext } from './live-runs-store';
import { useRunsStore } from '@/features/workflows/model/runs-store';
import { createWorkflowRuntime, type WorkflowRuntime } from './create-workflow-runtime';
import { browserClock, documentVisibility } from './run-follower';

export type {
  ContinueRequest,
  LaunchOutcome,
  LaunchRequest,
  VerbOutcome,
  WorkflowRuntime,
} from './create-workflow-runtime';

const WorkflowRuntimeContext = createContext<WorkflowRuntime | null>(null);

/**
 * One workflow runtime for the signed-in person: it launches, follows every unfinished run (whether or not a
 * screen shows it), continues, aborts and deletes; screens read runs from the runs store and call its verbs.
 * Sign-out unmounts it: calls and follow-up stop with it; the runs go on on the server.
 */
export function WorkflowRuntimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { client } = useConsoleServices();
  const [live] = useState(createLiveRunsStore);
  const runtime = useMemo(
    () =>
      createWorkflowRuntime({
        client: () => client,
        queryClient,
        runs: useRunsStore,
        live,
        clock: browserClock,
        visibility: documentVisibility,
        newId: () => crypto.randomUUID(),
      }),
    [queryClient, live, client],
  );
  useEffect(() => {
    runtime.start();
    return () => runtime.stop();
  }, [runtime]);
  return (
    <WorkflowRuntimeContext.Provider value={runtime}>
      <LiveRunsContext.Provider value={live}>{children}</LiveRunsContext.Provider>
    </WorkflowRuntimeContext.Provider>
  );
}

export function useWorkflowRuntime(): WorkflowRuntime {
  const runtime = useContext(WorkflowRuntimeContext);
  if (!runtime) throw new Error('useWorkflowRuntime needs a WorkflowRuntimeProvider above it');
  return runtime;
}
