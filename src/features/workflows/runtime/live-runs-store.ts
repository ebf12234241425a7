import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { applyRunChunks, emptyLiveRun, endLiveRun, type LiveRun } from '@/domain/workflows/run/live-run';
import { secretMatcher } from '@/domain/headers/secret-forms';
import { storeContext } from '@/lib/services-context';
import { idRecord, withId } from '@/lib/id-record';

// Streamed runs as they arrive, by run id: kept in memory by the workflow runtime, never written to the local
// database (the run record there changes on events only: execution id known, stream ended).

export interface LiveRunsState {
  live: Readonly<Record<string, LiveRun>>;
  /** The streamed call was sent: the run is this tab's to show live from now (until the server answers otherwise). */
  streamStarted(runId: string): void;
  /** The server answered the streamed call with no stream (a JSON record, a refusal): nothing is live. */
  streamDropped(runId: string): void;
  /** Chunks (and unreadable pieces, as null) that arrived since the last frame. */
  streamProgressed(runId: string, items: readonly (StreamChunk | null)[]): void;
  streamEnded(runId: string, how: 'closed' | 'broken' | 'aborted'): void;
  /** The runtime stopped: no stream goes on. */
  cleared(): void;
}

/** Live views kept at most; the oldest ended ones go first. */
export const liveRunsKept = 20;

function withRun(live: Readonly<Record<string, LiveRun>>, runId: string, run: LiveRun): Record<string, LiveRun> {
  const next = withId(live, runId, run);
  const ended = Object.keys(next).filter((id) => id !== runId && next[id]?.end !== undefined);
  for (const id of ended.slice(0, Math.max(0, Object.keys(next).length - liveRunsKept))) delete next[id];
  return next;
}

/**
 * `secretValues`: the person's secret header values, read at each batch, so what a run's streamed pieces assemble of
 * one is masked (the matcher is built again only when the values change).
 */
export function createLiveRunsStore(secretValues: () => readonly string[] = () => []): StoreApi<LiveRunsState> {
  let matcher = { key: '', matcher: secretMatcher([]) };
  const currentMatcher = () => {
    const values = secretValues();
    const key = JSON.stringify(values);
    if (key !== matcher.key) matcher = { key, matcher: secretMatcher(values) };
    return matcher.matcher;
  };
  const change = (runId: string, update: (run: LiveRun) => LiveRun) => (state: LiveRunsState) => {
    const run = state.live[runId];
    return run ? { live: withId(state.live, runId, update(run)) } : {};
  };
  return createStore<LiveRunsState>()((set) => ({
    // By run id from the address bar: no prototype, so `/workflows/runs/constructor` is an unknown run.
    live: idRecord(),
    streamStarted: (runId) => set((state) => ({ live: withRun(state.live, runId, emptyLiveRun) })),
    // Nothing lands on a stream that has ended: its tree is settled.
    streamProgressed: (runId, items) =>
      set(change(runId, (run) => (run.end ? run : applyRunChunks(run, items, currentMatcher())))),
    streamEnded: (runId, how) => set(change(runId, (run) => endLiveRun(run, how))),
    streamDropped: (runId) =>
      set((state) => {
        if (!Object.hasOwn(state.live, runId)) return {};
        const live = idRecord<LiveRun>();
        for (const [id, run] of Object.entries(state.live)) if (id !== runId) live[id] = run;
        return { live };
      }),
    cleared: () => set({ live: idRecord() }),
  }));
}

const liveStore = storeContext<LiveRunsState>('the streamed runs');
export const LiveRunsProvider = liveStore.Provider;
const useLiveRuns = liveStore.useState;

/** The live view of a streamed run, while this tab holds one (not after a reload, nor for JSON launches). */
export const useLiveRun = (runId: string): LiveRun | undefined => useLiveRuns((state) => state.live[runId]);
