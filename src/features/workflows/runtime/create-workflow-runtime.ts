import { createRunActions } from './run-actions';
import { createRunFollowUp } from './run-follow-up';
import { createRunLaunch } from './run-launch';
import { createRunLedger } from './run-ledger';
import { createStreamedCall } from './streamed-call';
import type { WorkflowRuntime, WorkflowRuntimeDeps } from './workflow-runtime-contract';

export type { RunsStoreApi, WorkflowRuntime, WorkflowRuntimeDeps } from './workflow-runtime-contract';

// The workflow runtime put together: its bookkeeping (run-ledger), the follow-up of unfinished runs
// (run-follow-up), streamed calls (streamed-call), launching and adopting runs (run-launch) and the verbs on a run
// that exists (run-actions).

export function createWorkflowRuntime(deps: WorkflowRuntimeDeps): WorkflowRuntime {
  const ledger = createRunLedger(deps.runs);
  const followUp = createRunFollowUp(deps, ledger);
  const stream = createStreamedCall({ live: deps.live, ledger, afterStream: followUp.afterStream });
  return {
    ...createRunLaunch({ deps, ledger, finish: followUp.finish, stream }),
    ...createRunActions({ deps, ledger, follower: followUp.follower, stream }),
    settled: followUp.settled,
    start: followUp.start,
    async stop() {
      followUp.stop();
      const settled = ledger.abortCalls();
      deps.live.getState().cleared();
      await settled;
    },
  };
}
