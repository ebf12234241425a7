/** The overall statuses real servers report for a workflow execution (PLATFORM-FACTS, "Workflow executions"). */
export const executionStatuses = [
  'Not Started',
  'In Progress',
  'Succeeded',
  'Failed',
  'Aborted',
  'Interrupted',
  'AUTHENTICATION_REQUIRED',
] as const;
export type ExecutionStatus = (typeof executionStatuses)[number];

/**
 * Statuses after which an execution never changes again, so following it stops. AUTHENTICATION_REQUIRED is
 * among them: the run halted because a tool server wants the user to sign in, and only a new run continues.
 */
export const terminalStatuses: readonly ExecutionStatus[] = [
  'Succeeded',
  'Failed',
  'Aborted',
  'Interrupted',
  'AUTHENTICATION_REQUIRED',
];

/** `waiting`: paused for a person (an Interrupted execution): the accent colour, never a failure's. */
export type StatusTone = 'running' | 'success' | 'error' | 'neutral' | 'warning' | 'waiting';

// Servers and proxies have been seen to vary case and separators ("IN_PROGRESS", "in progress"), and states or
// older builds use neighbouring words; all of them are folded onto the one list above.
const aliases: Readonly<Record<string, ExecutionStatus>> = {
  'not started': 'Not Started',
  pending: 'Not Started',
  queued: 'Not Started',
  'in progress': 'In Progress',
  running: 'In Progress',
  succeeded: 'Succeeded',
  success: 'Succeeded',
  completed: 'Succeeded',
  failed: 'Failed',
  failure: 'Failed',
  error: 'Failed',
  aborted: 'Aborted',
  cancelled: 'Aborted',
  canceled: 'Aborted',
  interrupted: 'Interrupted',
  'authentication required': 'AUTHENTICATION_REQUIRED',
};

const folded = (status: string): string =>
  status
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The known status a server's spelling stands for, or null for a status this console does not know. */
export function canonicalStatus(status: string): ExecutionStatus | null {
  const key = folded(status);
  return Object.hasOwn(aliases, key) ? (aliases[key] ?? null) : null;
}

/** Whether following can stop. An unknown status is not terminal: polling on (at the capped pace) beats a false end. */
export function isTerminal(status: string): boolean {
  const known = canonicalStatus(status);
  return known !== null && terminalStatuses.includes(known);
}

const tones: Readonly<Record<ExecutionStatus, StatusTone>> = {
  // Not started is still being followed and will move on by itself, so it reads as live rather than stopped.
  'Not Started': 'running',
  'In Progress': 'running',
  Succeeded: 'success',
  Failed: 'error',
  // An execution is Interrupted when it paused before a state for a person (DEPLOYED-API.md): it waits, it did not fail.
  Interrupted: 'waiting',
  AUTHENTICATION_REQUIRED: 'warning',
  // Aborted is what the user asked for: muted, not alarming (UX.md: grey for stopped).
  Aborted: 'neutral',
};

export function statusTone(status: string): StatusTone {
  const known = canonicalStatus(status);
  return known ? tones[known] : 'neutral';
}

const labels: Readonly<Record<ExecutionStatus, string>> = {
  'Not Started': 'Not started',
  'In Progress': 'In progress',
  Succeeded: 'Succeeded',
  Failed: 'Failed',
  Aborted: 'Aborted',
  Interrupted: 'Waiting for you',
  AUTHENTICATION_REQUIRED: 'Sign-in required',
};

/** Words for a badge. An unknown status is shown as the server wrote it, so nothing is hidden. */
export function statusLabel(status: string): string {
  const known = canonicalStatus(status);
  if (known) return labels[known];
  return status.trim() === '' ? 'Unknown' : status.trim();
}
