// Real servers list a project's executions to its administrators (`filter_by_project`), not only the caller's own:
// what a console does in a person's name (Waiting for you, keeping a run in their history) is for their own only.

/** Whether the execution's `created_by` names someone other than `subject`; unknown when the server names nobody. */
export function startedBySomeoneElse(createdBy: unknown, subject: string): boolean {
  if (typeof createdBy !== 'object' || createdBy === null) return false;
  const id = (createdBy as Record<string, unknown>).user_id;
  return typeof id === 'string' && id !== '' && id !== subject;
}
