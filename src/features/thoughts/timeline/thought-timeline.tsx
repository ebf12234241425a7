import { useMemo } from 'react';
import type { ArrivalTimes } from '@/domain/timeline/arrival-times';
import { layoutTimeline, type TimelineBar } from '@/domain/timeline/timeline-layout';
import { thoughtItems } from '@/domain/timeline/thought-items';
import type { ThoughtTree } from '@/domain/thoughts/thought-tree';
import { useThoughtViewApi } from '@/features/thoughts/thought-view-store';
import { TimebarList } from './timebar-list';
import { useNow } from './use-now';

interface ThoughtTimelineProps {
  tree: ThoughtTree;
  times: ArrivalTimes;
  turnId: string;
  live: boolean;
}

/** A turn's thought tree as a timeline; Enter on a bar shows that node, opened, in the tree. */
export function ThoughtTimeline({ tree, times, turnId, live }: ThoughtTimelineProps) {
  const now = useNow(live);
  const store = useThoughtViewApi();
  const layout = useMemo(() => layoutTimeline(thoughtItems(tree, times, now), now), [tree, times, now]);
  const parents = useMemo(() => new Map(layout.bars.map((bar) => [bar.id, bar.parentId])), [layout]);
  const open = (bar: TimelineBar) => {
    const ids = [bar.id];
    for (let parent = bar.parentId; parent !== null && ids.length <= parents.size; parent = parents.get(parent) ?? null)
      ids.push(parent);
    store.getState().layoutChosen('tree');
    store.getState().revealed(turnId, ids, [], true);
  };
  return <TimebarList layout={layout} label="Timeline of thoughts" live={live} onOpen={open} />;
}
