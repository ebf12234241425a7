export { WorkflowsPage } from './launcher/workflows-page';
export { RunsPage } from './history/runs-page';
export { RunPage } from './run/run-page';
export { BatchPage } from './batches/batch-page';
export { WorkflowsProvider, useWorkflowsSync } from './workflows-provider';
export { RecentRuns } from './history/recent-runs';
export { ComparePage } from './compare/compare-page';
