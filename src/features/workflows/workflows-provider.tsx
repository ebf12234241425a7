import type { ReactNode } from 'react';
import { BatchRuntimeProvider } from './batches/batch-runtime';
import { useBatchesSync } from './batches/use-batches-sync';
import { useRunsSync } from './model/use-runs-sync';
import { WorkflowRuntimeProvider } from './runtime/workflow-runtime';

/** The workflow runtimes (single runs, then batches built on them) for the signed-in screens. */
export function WorkflowsProvider({ children }: { children: ReactNode }) {
  return (
    <WorkflowRuntimeProvider>
      <BatchRuntimeProvider>{children}</BatchRuntimeProvider>
    </WorkflowRuntimeProvider>
  );
}

/** Keeps the signed-in person's runs and batches loaded and saved; forgets them on sign-out. */
export function useWorkflowsSync(sub: string | null): void {
  useRunsSync(sub);
  useBatchesSync(sub);
}
