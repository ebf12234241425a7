import type { ExecutionState } from '@/api/workflow-schemas';
import { isTerminal } from '@/domain/workflows/execution-status';
import { seconds, time } from './run-facts';
import { RunStatus } from './run-status';
import { StateOutputView } from './state-output-view';

interface StatesProps {
  states: readonly ExecutionState[];
  loading: boolean;
  outputFor(stateId: string): string | undefined;
  outputLoading(stateId: string): boolean;
}

/** The states of a run as a timeline: status, timing, and each finished state's output. */
export function States({ states, loading, outputFor, outputLoading }: StatesProps) {
  return (
    <section aria-labelledby="states-title">
      <h2 id="states-title">States</h2>
      {loading ? <p className="muted">Loading states…</p> : null}
      {!loading && states.length === 0 ? <p className="muted">No state has started yet.</p> : null}
      <ol className="state-list">
        {states.map((state) => {
          const output = outputFor(state.id);
          const took = seconds(state.started_at, state.completed_at);
          return (
            <li key={state.id} className="state" aria-label={`State ${state.name}`}>
              <div className="row">
                <strong>{state.name}</strong>
                <RunStatus status={state.status} />
                <span className="muted small">
                  {time(state.started_at)} → {time(state.completed_at)}
                  {took ? ` · ${took}` : ''}
                </span>
              </div>
              {output !== undefined ? <StateOutputView output={output} /> : isTerminal(state.status) && outputLoading(state.id) ? <p className="muted small">Loading output…</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
