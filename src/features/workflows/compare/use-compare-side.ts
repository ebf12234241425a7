import { serverTimeMs } from '@/domain/time/server-time';
import type { CompareSide, CompareState } from '@/domain/workflows/run/run-compare';
import type { Run } from '@/features/workflows/model/run';
import { useRunStates } from '@/features/workflows/run/use-run-states';

const durationOf = (from: string | number | undefined, to: string | number | undefined) => {
  const start = serverTimeMs(from);
  const end = serverTimeMs(to);
  return start !== undefined && end !== undefined && end >= start ? end - start : undefined;
};

/** One run as the compare page reads it: its facts and its states with their outputs (read from the server). */
export function useCompareSide(run: Run): { side: CompareSide; loading: boolean } {
  const follow = useRunStates(run);
  const side = ((): CompareSide => {
    const states: CompareState[] = follow.states.map((state) => {
      const output = follow.outputFor(state.id);
      const durationMs = durationOf(state.started_at, state.completed_at);
      return {
        key: state.state_id ?? state.name,
        name: state.name,
        status: state.status,
        ...(durationMs !== undefined ? { durationMs } : {}),
        ...(output !== undefined ? { output } : {}),
      };
    });
    const session = run.sessionId ?? run.serverSessionId;
    const total = run.endedAt !== undefined ? run.endedAt - run.startedAt : undefined;
    return {
      runId: run.id,
      workflowId: run.workflowId,
      workflowName: run.workflowName,
      input: run.userInput,
      tags: run.tags,
      ...(session ? { sessionId: session } : {}),
      fileNames: run.fileName ? [run.fileName] : [],
      headers: run.forwarded?.propagate
        ? run.forwarded.headers.map((header) => ({ name: header.name, value: header.value }))
        : [],
      status: run.status,
      ...(total !== undefined ? { durationMs: total } : {}),
      ...(run.tokens ? { tokens: run.tokens.input + run.tokens.output } : {}),
      states,
      ...(run.finalOutput !== undefined ? { finalOutput: run.finalOutput } : {}),
    };
  })();
  return { side, loading: follow.statesLoading || follow.states.some((state) => follow.outputLoading(state.id)) };
}
