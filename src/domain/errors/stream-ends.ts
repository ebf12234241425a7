import type { ErrorDescription } from './describe-error';

/** A stream that ended short while the tab was hidden or offline, on a server that goes on writing the answer. */
export const cutWhileAway: ErrorDescription = {
  title: 'The connection was lost while this tab was away',
  explanation:
    'The server goes on writing this answer: it is picked up here, from its first word, when the tab is back in view and online.',
  action: 'none',
};

/** The console gave up on a silent stream: what arrived is kept, and the turn says why. */
export function stalledError(idleMs: number, ids: { requestId?: string | undefined; traceId?: string | undefined }) {
  const seconds = Math.round(idleMs / 1000);
  const error: ErrorDescription = {
    title: `No data from the server for ${seconds} s; the answer was stopped. What arrived is kept.`,
    explanation:
      'The stream stayed silent longer than streamIdleTimeoutSeconds in config.json allows. Ask again for a whole answer.',
    action: 'retry',
    ...(ids.requestId ? { requestId: ids.requestId } : {}),
    ...(ids.traceId ? { traceId: ids.traceId } : {}),
  };
  return error;
}
