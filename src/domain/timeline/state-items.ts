import { serverTimeMs } from '@/domain/time/server-time';
import { canonicalStatus } from '@/domain/workflows/run/execution-status';
import type { TimelineEntry } from '@/domain/workflows/run/run-timeline';
import type { TimedItem } from './timeline-layout';

/** A run's states as timeline items: one level, each from its start to its end (to now while it runs). */
export function stateItems(entries: readonly TimelineEntry[]): TimedItem[] {
  return entries.map((entry) => {
    const status = canonicalStatus(entry.status);
    const running = status === 'In Progress';
    const start = serverTimeMs(entry.startedAt);
    const end = running || entry.waiting ? undefined : (serverTimeMs(entry.completedAt) ?? start);
    return {
      id: entry.key,
      parentId: null,
      depth: 0,
      label: entry.name,
      kind: 'state',
      ...(start === undefined ? {} : { start }),
      ...(start === undefined || end === undefined ? {} : { end }),
      // A state paused for a person is waiting, not running: its bar stops where the pause began.
      running: running && !entry.waiting,
      waiting: entry.waiting,
      silent: false,
      failed: status === 'Failed',
      leaf: true,
    };
  });
}

/** Whether any state has a start time: a run whose server sent none has nothing to draw on a time axis. */
export const hasStateTimes = (entries: readonly TimelineEntry[]): boolean =>
  entries.some((entry) => serverTimeMs(entry.startedAt) !== undefined);
