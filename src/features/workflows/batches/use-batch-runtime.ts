import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import type { BatchRuntime } from './batch-runtime';

/** The signed-in person's batch runtime (built with their console services). */
export const useBatchRuntime = (): BatchRuntime => useWorkflowsServices().batchRuntime;
