export { WorkflowsPage } from './workflows-page';
export { RunsPage } from './runs-page';
export { RunPage } from './run-page';
export { BatchPage } from './batch-page';
export { WorkflowsProvider, useWorkflowsSync } from './workflows-provider';
export { RecentRuns } from './recent-runs';
export { ComparePage } from './compare/compare-page';
