import type { LiveRun } from '@/domain/workflows/run/live-run';
import { ThoughtsPanel } from '@/features/thoughts';
import { ErrorBoundary } from '@/ui/errors/error-boundary';

/**
 * The thought tree of a streamed run (this tab only), after its result: how it got there, for who wants it. A tree
 * only: the run's time is told by its states' timeline above, and the chat's Tree | Timeline choice stays the chat's.
 */
export function RunThoughts({ live, runId }: { live: LiveRun | undefined; runId: string }) {
  if (!live) return null;
  return (
    <div className="run-thoughts">
      <ErrorBoundary what="the thought tree">
        <ThoughtsPanel
          tree={live.answer.thoughts}
          scope={`run:${runId}`}
          turnId={`run:${runId}`}
          live={live.end === undefined}
          seconds={live.answer.timeElapsed}
          timeline={false}
        />
      </ErrorBoundary>
      {live.answer.malformedChunks > 0 ? (
        <p className="field-warning">
          {live.answer.malformedChunks} piece(s) of the stream could not be read and were skipped.
        </p>
      ) : null}
    </div>
  );
}
