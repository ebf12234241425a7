import { CopyButton } from '@/ui/copy-button';
import { StateOutputView } from './states/state-output-view';
import type { RunResultView } from './states/use-run-timeline';

/** What the run produced (its last state's output), once, after the timeline. */
export function RunResult({ result }: { result: RunResultView }) {
  if (!result) return null;
  return (
    <section className="run-result" aria-labelledby="result-title">
      <div className="row">
        <h2 id="result-title">Result</h2>
        {result.kind === 'shown' ? (
          <CopyButton label="Copy" ariaLabel="Copy the result" getText={() => result.text} />
        ) : null}
      </div>
      {result.kind === 'shown' ? (
        <StateOutputView output={result.text} />
      ) : (
        <p className="muted">Loading the result…</p>
      )}
    </section>
  );
}
