import { Link, useNavigate } from '@tanstack/react-router';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import { useState } from 'react';
import type { ErrorDescription } from '@/domain/errors/describe-error';
import { HeaderProofPanel, useSecretsForCopy } from '@/features/headers';
import { Button } from '@/ui/button';
import { ConfirmInline } from '@/ui/confirm-inline';
import { CopyButton } from '@/ui/copy-button';
import { workflowRunNode, workflowRunPython } from '@/domain/calls/sdk-call';
import { useLauncherStore } from '@/features/workflows/launcher/launcher-store';
import type { Run } from '@/features/workflows/saved-runs/run';
import { bodyOf, curlOf, runFinished, sdkCallOf } from '@/features/workflows/saved-runs/run-facts';
import { RunMeta } from './run-meta';
import { RunResult } from './run-result';
import { RunThoughts } from './run-thoughts';
import { RunTimeline } from './states/run-timeline';
import { RunError } from '@/features/workflows/errors/run-error';
import { RunFailure } from './run-failure';
import { RunStatus } from './run-status';
import { findRun, useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { useRunStates } from './states/use-run-states';
import { useSavedRuns } from '@/features/workflows/saved-runs/use-saved-runs';
import { useRunTimeline } from './states/use-run-timeline';
import { useWorkflowRuntime } from '@/features/workflows/runtime/use-workflow-runtime';
import { canonicalStatus } from '@/domain/workflows/run/execution-status';
import { WaitingForYou } from './waiting/waiting-for-you';
import { RunServerActions } from './run-server-actions';
import { RunLineage } from './run-lineage';
import { RunVerdict } from '@/features/workflows/verdicts/run-verdict';
import './run-page.css';

export function RunPage({ runId, traceUrlTemplate }: { runId: string; traceUrlTemplate: string | undefined }) {
  const run = useRunsStore(findRun(runId));
  // An older run (a link, a bookmark) is read from this browser's history when it is not among the newest.
  const reading = useSavedRuns({ ids: [runId] });
  const loading = useRunsStore((state) => state.status === 'loading' || state.status === 'idle') || reading;
  if (!run) {
    return (
      <section className="page">
        <h1>Run</h1>
        {loading ? (
          <p className="muted">Loading…</p>
        ) : (
          <p role="alert">This run is not in this browser’s history (deleted, or saved by another person).</p>
        )}
        <Link to="/workflows/runs">All runs</Link>
      </section>
    );
  }
  return <RunView key={run.id} run={run} traceUrlTemplate={traceUrlTemplate} />;
}

function RunView({ run, traceUrlTemplate }: { run: Run; traceUrlTemplate: string | undefined }) {
  const { client } = useWorkflowsServices();
  const secretsFor = useSecretsForCopy();
  const follow = useRunStates(run);
  const timeline = useRunTimeline(run, follow);
  const runtime = useWorkflowRuntime();
  const prefilled = useLauncherStore((state) => state.prefilled);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [abortError, setAbortError] = useState<ErrorDescription | null>(null);
  const [aborting, setAborting] = useState(false);
  const [retrying, setRetrying] = useState(false);
  // A run whose execution the server no longer has runs no more, whatever its last status said.
  const running = !runFinished({ status: follow.status }) && run.lost !== true;
  const again = () => {
    prefilled(
      { id: run.workflowId, name: run.workflowName },
      { userInput: run.userInput, tags: run.tags, sessionId: run.sessionId ?? '', fileName: run.fileName ?? '' },
      {
        runId: run.id,
        label: new Date(run.startedAt).toLocaleString(),
        // Forwarding was off when headers were held back (notSent); a profile without headers sent none either way.
        ...(run.forwarded
          ? {
              headers: {
                profileName: run.forwarded.profileName,
                forwarding: run.forwarded.propagate || run.forwarded.notSent.length === 0,
              },
            }
          : {}),
      },
    );
    navigate({ to: '/workflows' });
  };
  const abort = async () => {
    setAborting(true);
    const outcome = await runtime.abort(run);
    setAborting(false);
    setConfirming(false);
    setAbortError(outcome.ok ? null : outcome.error);
  };
  // A start that failed is sent again as it was; the new run opens in its place.
  const retry = async () => {
    setRetrying(true);
    const outcome = await runtime.launch({
      workflow: { id: run.workflowId, name: run.workflowName },
      body: bodyOf(run),
      ...(run.streamed ? { stream: true } : {}),
    });
    setRetrying(false);
    navigate({ to: '/workflows/runs/$runId', params: { runId: outcome.run.id } });
  };
  // The last resume's call carried headers of its own: proven beside the start's.
  const resumed = run.resumes?.at(-1);
  const outputs = follow.states
    .map((state) => follow.outputFor(state.id))
    .filter((output): output is string => output !== undefined);
  return (
    <section className="page run-page" aria-labelledby="run-title">
      <header className="page-header">
        <nav aria-label="Breadcrumb" className="small breadcrumb">
          <Link to="/workflows/runs">Runs</Link> / {run.workflowName}
        </nav>
        <div className="row">
          <h1 id="run-title">{run.workflowName}</h1>
          <RunStatus status={follow.status} lost={run.lost} />
        </div>
        <RunFailure status={follow.status} entries={timeline.entries} outputOf={timeline.outputOf} />
      </header>
      <RunLineage run={run} />
      <RunMeta run={run} traceUrlTemplate={traceUrlTemplate} />
      <RunVerdict run={run} />
      <div className="row run-actions">
        {running && run.executionId && !run.noFollowUp ? (
          confirming ? (
            <ConfirmInline
              label="Confirm abort"
              confirm="Abort run"
              busyText="Aborting…"
              busy={aborting}
              onConfirm={() => void abort()}
              cancel="Keep running"
              onCancel={() => setConfirming(false)}
            >
              Abort this run? The server stops it; finished states keep their output.
            </ConfirmInline>
          ) : (
            <Button variant="stop" onClick={() => setConfirming(true)}>
              Abort…
            </Button>
          )
        ) : null}
        <Button onClick={again}>Run again with changes</Button>
        <CopyButton label="Copy as curl" size="normal" getText={() => curlOf(client, run)} />
        {run.forwarded?.headers.some((header) => header.secret === true) ? (
          <CopyButton
            label="Copy with secrets"
            size="normal"
            getText={() => curlOf(client, run, secretsFor(run.forwarded?.profileName))}
          />
        ) : null}
        <CopyButton label="Copy as Python" size="normal" getText={() => workflowRunPython(sdkCallOf(client, run))} />
        <CopyButton label="Copy as Node.js" size="normal" getText={() => workflowRunNode(sdkCallOf(client, run))} />
        <RunServerActions run={run} />
        {run.logId ? (
          <Link to="/inspector" search={{ entry: run.logId }} className="button">
            Request
          </Link>
        ) : null}
      </div>
      {abortError ? <RunError error={abortError} /> : null}
      {run.error ? (
        <RunError error={run.error} logId={run.logId} onRetry={() => void retry()} retrying={retrying} />
      ) : null}
      {canonicalStatus(follow.status) === 'Interrupted' && run.executionId && !run.noFollowUp ? (
        <WaitingForYou
          run={run}
          states={follow.states}
          outputFor={follow.outputFor}
          pausedBefore={timeline.live?.states.find((state) => state.key.startsWith('paused:'))?.name}
        />
      ) : null}
      {run.forwarded && (run.forwarded.headers.length > 0 || run.forwarded.notSent.length > 0) ? (
        <HeaderProofPanel
          forwarded={run.forwarded}
          outputs={outputs}
          live={running}
          stateKey={`run:${run.id}`}
          requestId={run.requestId}
          traceId={run.traceId}
        />
      ) : null}
      {resumed?.forwarded && (resumed.forwarded.headers.length > 0 || resumed.forwarded.notSent.length > 0) ? (
        <HeaderProofPanel
          title="Headers of the resume"
          forwarded={resumed.forwarded}
          outputs={outputs}
          live={running}
          stateKey={`run:${run.id}:resume:${run.resumes?.length ?? 0}`}
          requestId={resumed.requestId}
          traceId={run.traceId}
        />
      ) : null}
      {run.userInput ? (
        <details className="run-input">
          <summary>Input</summary>
          <pre className="pre-block">{run.userInput}</pre>
        </details>
      ) : null}
      {run.noFollowUp ? (
        <div className="alert" role="status">
          <p>
            This server offers no status for executions (its follow-up endpoints answered 404). Its answer to the start
            call:
          </p>
          <pre className="pre-block">{JSON.stringify(run.record ?? null, null, 2)}</pre>
        </div>
      ) : null}
      {run.pollStopped ? <ChecksStopped run={run} onCheckAgain={() => runtime.checkAgain(run)} /> : null}
      {follow.error ? (
        <p className="field-warning">
          Could not refresh the status: {follow.error instanceof Error ? follow.error.message : String(follow.error)}.
          Retrying…
        </p>
      ) : null}
      <RunTimeline run={run} follow={follow} timeline={timeline} running={running} />
      <RunResult result={timeline.result} />
      <RunThoughts live={timeline.live} runId={run.id} />
    </section>
  );
}

/** Reads of the run's status kept failing, so the console stopped asking; the person decides when to ask again. */
function ChecksStopped({ run, onCheckAgain }: { run: Run; onCheckAgain: () => void }) {
  if (!run.pollStopped) return null;
  const { failures, reason, at } = run.pollStopped;
  return (
    <div className="alert" role="status">
      <p>
        Stopped checking the status after {failures} failed reads ({reason}), at {new Date(at).toLocaleTimeString()}.
        The run may still be going on the server.
      </p>
      <Button onClick={onCheckAgain}>Check again</Button>
    </div>
  );
}
