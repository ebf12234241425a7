import type { ErrorDescription } from './describe-error';

/** A stream that ended short while the tab was hidden or offline, on a server that goes on writing the answer. */
export const cutWhileAway: ErrorDescription = {
  title: 'The connection was lost while this tab was away',
  explanation:
    'The server goes on writing this answer: it is picked up here, from its first word, when the tab is back in view and online.',
  action: 'none',
};
