import { useMemo } from 'react';
import { stateItems } from '@/domain/timeline/state-items';
import { layoutTimeline, type TimelineBar } from '@/domain/timeline/timeline-layout';
import type { TimelineEntry } from '@/domain/workflows/run/run-timeline';
import { TimebarList } from './timebar-list';
import { useNow } from './use-now';

interface StatesTimelineProps {
  entries: readonly TimelineEntry[];
  live: boolean;
  /** Enter on a bar: show that state where its output is. */
  onOpen(key: string): void;
}

/** A workflow run's states as a timeline, the running one drawn to now. */
export function StatesTimeline({ entries, live, onOpen }: StatesTimelineProps) {
  const now = useNow(live);
  const layout = useMemo(() => layoutTimeline(stateItems(entries), now), [entries, now]);
  return (
    <TimebarList layout={layout} label="Timeline of states" live={live} onOpen={(bar: TimelineBar) => onOpen(bar.id)} />
  );
}
