import { useMemo } from 'react';
import { canonicalStatus } from '@/domain/workflows/run/execution-status';
import type { LiveState } from '@/domain/workflows/run/live-run';
import { runTimeline, type TimelineEntry } from '@/domain/workflows/run/run-timeline';
import { useLiveRun } from '@/features/workflows/runtime/live-runs-store';
import type { Run } from '@/features/workflows/model/run';
import type { useRunStates } from './use-run-states';

export type RunStates = ReturnType<typeof useRunStates>;

/** What the run produced: shown once, at the end. Loading while the server's copy is on its way. */
export type RunResultView = { kind: 'shown'; text: string } | { kind: 'loading' } | null;

const noLiveStates: readonly LiveState[] = [];

/**
 * A run's states as one timeline (the stream's news merged into the server's list), what each one output, and
 * the run's result: the last state's output once the run has succeeded.
 */
export function useRunTimeline(run: Run, follow: RunStates) {
  const live = useLiveRun(run.id);
  const followed = Boolean(run.executionId) && !run.noFollowUp;
  const serverStates = followed ? follow.states : [];
  const liveStates = live?.states ?? noLiveStates;
  // The follow-up hands out a new empty list on every render until it has one: its length stands in for it.
  const serverKey = serverStates.length === 0 ? null : serverStates;
  const entries = useMemo(
    () => runTimeline(serverKey ?? [], liveStates, follow.status),
    [serverKey, liveStates, follow.status],
  );
  const outputOf = (entry: TimelineEntry) => (entry.id ? follow.outputFor(entry.id) : undefined) ?? entry.output;
  const outputLoading = (entry: TimelineEntry) => (entry.id ? follow.outputLoading(entry.id) : false);
  const last = entries.at(-1);
  let result: RunResultView = null;
  if (canonicalStatus(follow.status) === 'Succeeded') {
    // The stream's own final text stands in until the server's copy of the last output has come.
    const streamedText = live?.end === 'completed' && live.answer.text !== '' ? live.answer.text : undefined;
    const text = (last ? outputOf(last) : undefined) ?? run.finalOutput ?? streamedText;
    if (text !== undefined) result = { kind: 'shown', text };
    else if (last && outputLoading(last)) result = { kind: 'loading' };
  }
  return { live, followed, entries, outputOf, outputLoading, result };
}

export type RunTimelineView = ReturnType<typeof useRunTimeline>;
