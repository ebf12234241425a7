import { characterCount, firstControlCharacter } from './text-measure';

export const sessionIdLimits = { length: 200 } as const;

/**
 * A fresh session id for grouping runs in the trace view. It is a bare UUID on purpose: when no session is
 * given the server uses the execution id, also a UUID, so both kinds look alike there. `uuid` is passed in
 * (crypto.randomUUID in the app) to keep this module free of randomness.
 */
export const newSessionId = (uuid: () => string): string => uuid().trim().toLowerCase();

/** Why a typed session id (already trimmed) cannot be sent, or null. An empty one is fine: it is not sent. */
export function sessionIdProblem(sessionId: string): string | null {
  const length = characterCount(sessionId);
  if (length > sessionIdLimits.length)
    return `The session ID is ${length} characters; at most ${sessionIdLimits.length}.`;
  const space = sessionId.search(/\s/);
  if (space >= 0) return `A session ID has no spaces (one at position ${space + 1}); use - or _ instead.`;
  const control = firstControlCharacter(sessionId);
  if (control) return `The session ID has a control character (${control}).`;
  return null;
}
