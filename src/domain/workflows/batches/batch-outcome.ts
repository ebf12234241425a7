import type { RowOutcome } from './batch';
import { canonicalStatus } from '@/domain/workflows/run/execution-status';

/**
 * How a batch row ends, given its execution's status, or null while the execution goes on. An abort is a
 * cancellation (someone chose it); an interruption waits for a person (the row can be continued); a sign-in request
 * is a failure, so "Retry failed" covers it.
 */
export function outcomeForStatus(status: string, output?: string): RowOutcome | null {
  const withOutput = output === undefined ? {} : { output };
  switch (canonicalStatus(status)) {
    case 'Succeeded':
      return { status: 'succeeded', ...withOutput };
    case 'Failed':
      return { status: 'failed', error: 'The execution failed.', ...withOutput };
    case 'Interrupted':
      return { status: 'waiting', ...withOutput };
    case 'AUTHENTICATION_REQUIRED':
      return {
        status: 'failed',
        error: 'A tool server asks you to sign in; sign in, then retry the failed rows.',
        ...withOutput,
      };
    case 'Aborted':
      return { status: 'cancelled', error: 'The execution was aborted.' };
    default:
      return null;
  }
}
