export { createWorkflowsServices } from './workflows-services';
export { browserClock } from './runtime/clock';
export { RecentRuns } from './history/recent-runs';
export { useWorkflowsWaiting } from './history/use-workflows-waiting';
