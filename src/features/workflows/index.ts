export { WorkflowsPage } from './launcher/workflows-page';
export { RunsPage } from './history/runs-page';
export { RunPage } from './run/run-page';
export { BatchPage } from './batches/batch-page';
export { createWorkflowsServices, type WorkflowsServices } from './workflows-services';
export { browserClock } from './runtime/run-follower';
export { RecentRuns } from './history/recent-runs';
export { ComparePage } from './compare/compare-page';
export { useWorkflowsWaiting } from './history/use-workflows-waiting';
