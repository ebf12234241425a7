import type { ApiClient } from '@/api/client/http-client';
import { previewStart } from '@/api/workflows/workflow-calls';
import { toCurl, type SecretValues } from '@/domain/calls/curl';
import type { WorkflowRunCall } from '@/domain/calls/sdk-call';
import { serverDate, serverTimeMs } from '@/domain/time/server-time';
import { isTerminal } from '@/domain/workflows/run/execution-status';
import { localStatus, type Run } from './run';

export const runFinished = (run: Pick<Run, 'status'>) =>
  run.status === localStatus.startFailed || isTerminal(run.status);

/** The start body a run was launched with, rebuilt from what was kept. */
export const bodyOf = (run: Run) => ({
  ...(run.userInput ? { user_input: run.userInput } : {}),
  ...(run.tags.length ? { tags: run.tags } : {}),
  ...(run.sessionId ? { session_id: run.sessionId } : {}),
  ...(run.fileName ? { file_names: [run.fileName] } : {}),
});

/** The session a run is traced under: the one sent, else the server's default, the execution id. */
export const sessionOf = (run: Pick<Run, 'sessionId' | 'serverSessionId' | 'executionId'>) =>
  run.sessionId ?? run.serverSessionId ?? run.executionId;

/** Whether the session shown is the server's default rather than one the person sent. */
export const sessionIsDefault = (run: Pick<Run, 'sessionId'>) => !run.sessionId;

/** The run's start call as curl: secret headers as shell variables, unless their values are given. */
export const curlOf = (client: ApiClient, run: Run, secrets: SecretValues = {}) =>
  toCurl(
    {
      ...previewStart(client, run.workflowId, bodyOf(run), run.forwarded, run.streamed === true),
      stream: run.streamed === true,
    },
    secrets,
  );

/** The run's start as a client-library call: what was sent, secret header values left to the environment. */
export const sdkCallOf = (client: ApiClient, run: Run): WorkflowRunCall => ({
  apiBase: client.baseUrl,
  workflowId: run.workflowId,
  userInput: run.userInput,
  tags: run.tags,
  sessionId: run.sessionId,
  fileName: run.fileName,
  propagateHeaders: run.forwarded?.propagate === true,
  headers: (run.forwarded?.propagate ? run.forwarded.headers : []).map((header) => ({
    name: header.name,
    value: header.value,
    secret: header.secret === true,
  })),
});

/** A server's state time in the browser's zone (servers send naive UTC). */
export const time = (iso: string | undefined) => serverDate(iso)?.toLocaleTimeString() ?? '—';
export const seconds = (from: string | number | undefined, to: string | number | undefined) => {
  const start = serverTimeMs(from);
  const end = serverTimeMs(to);
  if (start === undefined || end === undefined) return null;
  const ms = end - start;
  return ms >= 0 ? `${(ms / 1000).toFixed(1)} s` : null;
};

const count = new Intl.NumberFormat();

/** "1,204 in · 388 out · $0.0123": what a run cost, as the server counted it. */
export const tokensText = (tokens: NonNullable<Run['tokens']>) =>
  [
    `${count.format(tokens.input)} in`,
    `${count.format(tokens.output)} out`,
    ...(tokens.cost !== undefined ? [`$${tokens.cost.toFixed(4)}`] : []),
  ].join(' · ');
