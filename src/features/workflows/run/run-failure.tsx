import { canonicalStatus } from '@/domain/workflows/run/execution-status';
import type { TimelineEntry } from '@/domain/workflows/run/run-timeline';

const firstLine = (text: string) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

/** Why a run failed, by its red badge: the state that failed and the first line of what it said. */
export function RunFailure({
  status,
  entries,
  outputOf,
}: {
  status: string;
  entries: readonly TimelineEntry[];
  outputOf(entry: TimelineEntry): string | undefined;
}) {
  if (canonicalStatus(status) !== 'Failed') return null;
  const failed = entries.findLast((entry) => canonicalStatus(entry.status) === 'Failed');
  const said = failed ? firstLine(outputOf(failed) ?? '') : '';
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
