import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import type { WorkflowRuntime } from './create-workflow-runtime';

export type { WorkflowRuntime } from './create-workflow-runtime';

/**
 * The signed-in person's workflow runtime (built with their console services, dropped with them on sign-out): it
 * launches, follows every unfinished run (whether or not a screen shows it), continues, aborts and deletes; screens
 * read runs from the runs store and call its verbs.
 */
export const useWorkflowRuntime = (): WorkflowRuntime => useWorkflowsServices().runtime;
