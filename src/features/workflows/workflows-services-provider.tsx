import type { ReactNode } from 'react';
import { servicesContext } from '@/lib/services-context';
import { BatchDraftProvider } from './batches/form/batch-draft-store';
import { BatchesProvider } from './batches/batches-store';
import { LauncherProvider } from './launcher/launcher-store';
import { RunsProvider } from './saved-runs/runs-store';
import { LiveRunsProvider } from './runtime/live-runs-store';
import type { WorkflowsServices } from './workflows-services';

const workflows = servicesContext<WorkflowsServices>("the person's workflow services");

/** The signed-in person's workflows (built with their console services, dropped with them on sign-out). */
export const useWorkflowsServices = workflows.use;

/** Gives the workflows' screens the person's workflows: the runtimes and client, and each of their stores. */
export function WorkflowsServicesProvider({
  services,
  children,
}: {
  services: WorkflowsServices;
  children: ReactNode;
}) {
  return (
    <workflows.Provider value={services}>
      <RunsProvider value={services.runs}>
        <LiveRunsProvider value={services.live}>
          <BatchesProvider value={services.batches}>
            <LauncherProvider value={services.launcher}>
              <BatchDraftProvider value={services.batchDraft}>{children}</BatchDraftProvider>
            </LauncherProvider>
          </BatchesProvider>
        </LiveRunsProvider>
      </RunsProvider>
    </workflows.Provider>
  );
}
