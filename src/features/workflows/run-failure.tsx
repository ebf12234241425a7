import type { ExecutionState } from '@/api/workflow-schemas';
import { canonicalStatus } from '@/domain/workflows/execution-status';

const firstLine = (text: string) => text.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';

/** Why a run failed, by its red badge: the state that failed and the first line of what it said. */
export function RunFailure({ status, states, outputFor }: { status: string; states: readonly ExecutionState[]; outputFor(stateId: string): string | undefined }) {
  if (canonicalStatus(status) !== 'Failed') return null;
  const failed = states.findLast((state) => canonicalStatus(state.status) === 'Failed');
  const said = failed ? firstLine(outputFor(failed.id) ?? '') : '';
  return (
    <p className="alert alert-error run-failure" role="alert">
      {failed ? (
        <>
          Failed at <strong>{failed.name}</strong>
          {said ? `: ${said}` : '.'}
        </>
      ) : (
        'The server ended this run as Failed without naming a failed state.'
      )}
    </p>
  );
}
