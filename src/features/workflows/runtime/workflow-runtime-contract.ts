import type { QueryClient } from '@tanstack/react-query';
import type { StoreApi } from 'zustand/vanilla';
import type { ResumeInput } from '@/api/workflows/execution-calls';
import type { ApiClient } from '@/api/client/http-client';
import type { ExecutionBody } from '@/api/workflows/workflow-calls';
import type { ExecutionRecord } from '@/api/workflows/workflow-schemas';
import type { ErrorDescription } from '@/domain/errors/describe-error';
import type { FileRefusal } from '@/domain/workflows/request/run-files';
import type { LiveRunsState } from './live-runs-store';
import type { Run } from '@/features/workflows/saved-runs/run';
import type { RunsState } from '@/features/workflows/saved-runs/runs-store';
import type { Clock } from './clock';

// What the workflow runtime offers and what it is built from: the contract screens and tests rely on.

export interface LaunchRequest {
  workflow: { id: string; name: string };
  body: ExecutionBody;
  batch?: { id: string; row: number };
  /** Start with stream:true and show the run live; the outcome comes with the first answer, the stream goes on. */
  stream?: boolean;
  /** The run this one is a fork of (lineage shown on both run pages). */
  parentRunId?: string;
}

/** A failed start; `fileRefused`: the server refused one of its files (the person must choose it again). */
export type LaunchOutcome =
  { ok: true; run: Run } | { ok: false; run: Run; error: ErrorDescription; fileRefused?: FileRefusal };
export type VerbOutcome = { ok: true } | { ok: false; error: ErrorDescription };

export interface ContinueRequest extends ResumeInput {
  /** Replace the interrupted state's output first: the paused state reads the edited text. */
  editedOutput?: { stateId: string; output: string };
}

export interface WorkflowRuntime {
  /** Starts one execution and records it as a run, whatever the outcome. */
  launch(request: LaunchRequest): Promise<LaunchOutcome>;
  /** Asks the server to stop a running (or waiting) execution. */
  abort(run: Run): Promise<VerbOutcome>;
  /** Continues an interrupted run (optionally with a message, files, an edited output) and follows it again. */
  resume(run: Run, request?: ContinueRequest): Promise<VerbOutcome>;
  /** Checks the status of a run whose checking stopped after failed reads, and follows it again. */
  checkAgain(run: Run): void;
  /** Deletes the execution on the server, then the run here. */
  remove(run: Run): Promise<VerbOutcome>;
  /** Keeps an execution found on the server as a run here (once: the same execution gives the same run). */
  adopt(record: ExecutionRecord, workflow: { id: string; name: string }): Run;
  /** Resolves with the run once its status is terminal and its result read (batch rows wait on this). */
  settled(runId: string): Promise<Run>;
  /** Starts following every unfinished run (called when the signed-in screens mount; again after a stop). */
  start(): void;
  /** Stops calls in flight and the follow-up (sign-out); resolves once the stopped calls have settled. */
  stop(): Promise<void>;
}

/** The zustand store of runs, as the runtime uses it: it is the runs' one writer. */
export interface RunsStoreApi {
  getState(): RunsState;
  subscribe(listener: (state: RunsState) => void): () => void;
}

export interface WorkflowRuntimeDeps {
  client(): ApiClient;
  queryClient: QueryClient;
  runs: RunsStoreApi;
  live: StoreApi<LiveRunsState>;
  clock: Clock;
  /** The person asked to hear when runs end while the tab is hidden: runs are followed then too. */
  followWhileHidden?: () => boolean;
  newId(): string;
}
