import { apiClient } from '@/api/client-registry';
import { previewStart } from '@/api/workflow-calls';
import { toCurl } from '@/domain/curl';
import { isTerminal } from '@/domain/workflows/execution-status';
import { localStatus, type Run } from './run';

export const runFinished = (run: Pick<Run, 'status'>) => run.status === localStatus.startFailed || isTerminal(run.status);

/** The start body a run was launched with, rebuilt from what was kept. */
export const bodyOf = (run: Run) => ({
  ...(run.userInput ? { user_input: run.userInput } : {}),
  ...(run.tags.length ? { tags: run.tags } : {}),
  ...(run.sessionId ? { session_id: run.sessionId } : {}),
  ...(run.fileName ? { file_name: run.fileName } : {}),
});

export const sessionOf = (run: Run) => run.sessionId ?? run.serverSessionId;

export const curlOf = (run: Run) => toCurl({ ...previewStart(apiClient(), run.workflowId, bodyOf(run), run.forwarded, run.streamed === true), stream: run.streamed === true });

export const time = (iso: string | undefined) => (iso ? new Date(iso).toLocaleTimeString() : '—');
export const seconds = (from: string | number | undefined, to: string | number | undefined) => {
  if (from === undefined || to === undefined) return null;
  const ms = new Date(to).getTime() - new Date(from).getTime();
  return Number.isFinite(ms) && ms >= 0 ? `${(ms / 1000).toFixed(1)} s` : null;
};

