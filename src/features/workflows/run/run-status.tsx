import { statusLabel, statusTone, type StatusTone } from '@/domain/workflows/run/execution-status';
import { localStatus } from '@/features/workflows/model/run';
import './run-status.css';
import '@/ui/live-dot.css';

/** A run's status as a tone (its colour), the console's own statuses included. */
export const runTone = (status: string): StatusTone =>
  status === localStatus.startFailed ? 'error' : status === localStatus.starting ? 'running' : statusTone(status);

/**
 * A run's status as a coloured word; the console's own statuses read as such. A run whose execution the server no
 * longer has says so rather than showing a status that will never change, the last one known kept in its title.
 */
export function RunStatus({ status, lost = false }: { status: string; lost?: boolean | undefined }) {
  if (lost) {
    return (
      <span
        className="run-status run-status-neutral"
        data-status="lost"
        title={`The server no longer has this execution. Last status known here: ${statusLabel(status)}`}
      >
        Gone from the server
      </span>
    );
  }
  const tone = runTone(status);
  const label = status === localStatus.startFailed || status === localStatus.starting ? status : statusLabel(status);
  return (
    <span className={`run-status run-status-${tone}`} data-status={status}>
      {tone === 'running' ? <span className="live-dot" aria-hidden="true" /> : null}
      {label}
    </span>
  );
}
