export { createWorkflowsServices, type WorkflowsServices } from './workflows-services';
export { WorkflowsServicesProvider } from './workflows-services-provider';
export { browserClock } from './runtime/clock';
export { RecentRuns } from './history/recent-runs/recent-runs';
export { useWorkflowsWaiting } from './history/use-workflows-waiting';
export { startRunShortcut } from './fields/start-keys';
