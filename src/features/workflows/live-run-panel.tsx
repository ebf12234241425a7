import { currentState, type LiveEnd, type LiveRun } from '@/domain/workflows/live-run';
import { ThoughtsPanel } from '@/features/thoughts';
import { ErrorBoundary } from '@/ui/error-boundary';
import { AnswerMarkdown } from '@/ui/markdown';
import { useLiveRun } from './live-runs-store';
import type { Run } from './run';
import { RunStatus } from './run-status';

const endText: Record<LiveEnd, string> = {
  completed: 'Stream ended. The status and states below come from the server.',
  interrupted: 'The stream ended early. The run is followed through the server’s status instead.',
  stopped: 'Stream stopped.',
};

/** A streamed run as it happens: the current state, the growing thought tree and the streamed text. */
export function LiveRunPanel({ run, running }: { run: Run; running: boolean }) {
  const live = useLiveRun(run.id);
  // Once the stream is over, the states below (from the server) tell the rest: no "current state", no second copy.
  const followed = Boolean(run.executionId) && !run.noFollowUp;
  if (live) return <LiveRunView live={live} runId={run.id} followed={followed} />;
  // Reloaded (or opened in another tab) while it streamed: the stream is gone, the follow-up goes on.
  if (!run.streamed || !running) return null;
  return <p className="muted small">This run was started live; its stream is not followed in this tab. Its status comes from the server.</p>;
}

function LiveRunView({ live, runId, followed }: { live: LiveRun; runId: string; followed: boolean }) {
  const streaming = live.end === undefined;
  const settled = !streaming && followed;
  const state = currentState(live);
  const { answer } = live;
  return (
    <section className="live-run" aria-labelledby="live-title" aria-busy={streaming}>
      <div className="row">
        <h2 id="live-title">Live</h2>
        <span role="status" className="muted small">
          {streaming ? <span className="live-dot" aria-hidden="true" /> : null}
          {streaming ? 'Streaming…' : endText[live.end ?? 'completed']}
        </span>
      </div>
      {settled ? null : (
      <p className="row live-state">
        <span className="muted">Current state:</span>
        {state ? (
          <>
            <strong>{state.name}</strong>
            <RunStatus status={state.status} />
          </>
        ) : (
          <span className="muted">waiting for the first state…</span>
        )}
      </p>
      )}
      <ErrorBoundary what="the thought tree">
        <ThoughtsPanel tree={answer.thoughts} scope={`run:${runId}`} turnId={`run:${runId}`} live={streaming} seconds={answer.timeElapsed} />
      </ErrorBoundary>
      {answer.text && !settled ? (
        <div className={`answer-text${streaming ? ' answer-growing' : ''}`} role="group" aria-label="Streamed text">
          <AnswerMarkdown text={answer.text} streaming={streaming} />
        </div>
      ) : null}
      {answer.malformedChunks > 0 ? (
        <p className="field-warning">{answer.malformedChunks} piece(s) of the stream could not be read and were skipped.</p>
      ) : null}
    </section>
  );
}
