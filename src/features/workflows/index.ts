export { WorkflowsPage } from './workflows-page';
export { RunsPage } from './runs-page';
export { RunPage } from './run-page';
export { WorkflowRuntimeProvider } from './workflow-runtime';
export { useRunsSync } from './use-runs-sync';
