// The workflows screen's pages: one chunk, fetched the first time any of them opens.
export { WorkflowsPage } from '@/features/workflows/launcher/workflows-page';
export { RunsPage } from '@/features/workflows/history/runs-page';
export { RunPage } from '@/features/workflows/run/run-page';
export { ExecutionOpener } from '@/features/workflows/run/execution-opener';
export { ComparePage } from '@/features/workflows/compare/compare-page';
export { BatchComparePage } from '@/features/workflows/compare/batch-compare-page';
export { BatchPage } from '@/features/workflows/batches/batch-page';
export { WorkflowBatchesPage } from '@/features/workflows/trends/workflow-batches-page';
