import type { QueryClient } from '@tanstack/react-query';
import type { StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '@/api/client/http-client';
import type { ConsoleDatabase } from '@/lib/storage/db';
import type { PersonWebStorage } from '@/lib/storage/person-storage';
import { createBatchDraftStore, type BatchDraftState } from './batches/form/batch-draft-store';
import { createBatchRuntime, type BatchRuntime } from './batches/batch-runtime';
import { startBatchesPersistence } from './batches/batches-persistence';
import { createBatchesStore, type BatchesStore } from './batches/batches-store';
import { createLauncherStore, type LauncherState } from './launcher/launcher-store';
import { startRunsPersistence } from './saved-runs/runs-persistence';
import { createRunsReader, type RunsReader } from './saved-runs/runs-reader';
import { createRunsStore, type RunsStore } from './saved-runs/runs-store';
import { createWorkflowRuntime, type WorkflowRuntime } from './runtime/create-workflow-runtime';
import { createLiveRunsStore, type LiveRunsState } from './runtime/live-runs-store';
import type { Clock } from './runtime/clock';

/** One person's workflows: their runs and batches, the runs in flight and followed, and the launcher's drafts. */
export interface WorkflowsServices {
  /** The person's HTTP client, as the app handed it to the workflows. */
  readonly client: ApiClient;
  /** The person's web storage (what they type while a run waits for them). */
  readonly web: PersonWebStorage;
  /** The signed-in person (the token's subject): whose executions are theirs. */
  readonly owner: string;
  /** Launches, follows every unfinished run (whether or not a screen shows it), continues, aborts and deletes. */
  readonly runtime: WorkflowRuntime;
  /** Runs batches on the workflow runtime, a few rows at a time. */
  readonly batchRuntime: BatchRuntime;
  /** The person's runs, kept in the local database: the newest and the unfinished ones in memory. */
  readonly runs: RunsStore;
  /** Reads older saved runs into memory, or those a screen names. */
  readonly runsReader: RunsReader;
  /** The person's batches, kept in the local database. */
  readonly batches: BatchesStore;
  /** Streamed runs as they arrive (in memory only). */
  readonly live: StoreApi<LiveRunsState>;
  /** The launcher's and the batch form's drafts (kept in sessionStorage under the person's key: they survive a reload of the tab, not Sign out). */
  readonly launcher: StoreApi<LauncherState>;
  readonly batchDraft: StoreApi<BatchDraftState>;
  start(): void;
  /** Stops the follow-up, the calls in flight and the batches; resolves once what they changed is saved. */
  stop(): Promise<void>;
}

export interface WorkflowsServicesDeps {
  owner: string;
  db: ConsoleDatabase;
  /** The person's web storage: the launcher's and the batch form's drafts. */
  web: PersonWebStorage;
  client: ApiClient;
  queryClient: QueryClient;
  /** The time of a run's end (the follow-up's timers are TanStack Query's). */
  clock: Clock;
  /** The person asked to hear when runs end while the tab is hidden: the follow-up keeps going then. */
  followWhileHidden?: () => boolean;
  /** The person's secret header values: masked in what a run's streamed pieces assemble. */
  secretValues?: () => readonly string[];
  newId(): string;
}

export function createWorkflowsServices({
  owner,
  db,
  web,
  client,
  queryClient,
  clock,
  followWhileHidden = () => false,
  secretValues,
  newId,
}: WorkflowsServicesDeps): WorkflowsServices {
  const runs = createRunsStore();
  const batches = createBatchesStore();
  const live = createLiveRunsStore(secretValues);
  const runtime = createWorkflowRuntime({
    client: () => client,
    queryClient,
    runs,
    live,
    clock,
    followWhileHidden,
    newId,
  });
  const batchRuntime = createBatchRuntime({ workflows: runtime, runs, batches });
  let stopPersistence: Array<() => Promise<void>> = [];

  return {
    client,
    web,
    owner,
    runtime,
    batchRuntime,
    runs,
    runsReader: createRunsReader({ store: runs, db, owner }),
    batches,
    live,
    launcher: createLauncherStore(web),
    batchDraft: createBatchDraftStore(web),
    start() {
      if (stopPersistence.length > 0) return;
      stopPersistence = [
        startRunsPersistence({ store: runs, owner, db }),
        startBatchesPersistence({ store: batches, owner, db }),
      ];
      runtime.start();
      batchRuntime.startFollowing();
    },
    async stop() {
      const persistence = stopPersistence;
      stopPersistence = [];
      // Batches first, so no row launches on a runtime being stopped; then the runs' calls, whose ends are saved.
      batchRuntime.stopFollowing();
      await runtime.stop();
      await Promise.all(persistence.map((stop) => stop()));
    },
  };
}
