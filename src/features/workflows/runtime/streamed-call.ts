import type { SentCall } from '@/api/client/http-client';
import { ApiError } from '@/domain/errors/api-error';
import { recordChange } from '@/features/workflows/model/run';
import type { RunFollowUp } from './run-follow-up';
import type { RunLedger } from './run-ledger';
import { readRunStream, type OpenStream } from './run-stream';
import { toApiError } from './runtime-words';
import type { WorkflowRuntimeDeps } from './workflow-runtime-contract';

// A start or a resume sent with stream:true: what it streams is written to the run, and its end hands the run to
// the follow-up.

export type StreamedCall = (
  runId: string,
  open: OpenStream,
  onSent: (sent: SentCall) => void,
) => Promise<{ ok: true } | { ok: false; error: ApiError }>;

interface StreamedCallDeps {
  live: WorkflowRuntimeDeps['live'];
  ledger: Pick<RunLedger, 'changed' | 'track'>;
  afterStream: RunFollowUp['afterStream'];
}

/** Streams a start or a resume; resolves at the first answer, the stream then goes on. */
export function createStreamedCall({ live, ledger, afterStream }: StreamedCallDeps): StreamedCall {
  const { changed, track } = ledger;
  return (runId, open, onSent) =>
    new Promise((resolve) => {
      const { signal, done } = track();
      let answered = false;
      const answer = (outcome: { ok: true } | { ok: false; error: ApiError }) => {
        if (!answered) resolve(outcome);
        answered = true;
      };
      readRunStream(live, runId, open, signal, {
        opened: (wire) => {
          if (wire === 'stream') changed(runId, { status: 'In Progress' });
          answer({ ok: true });
        },
        // Asked to stream, the server answered with its record: the run is followed as a JSON one from here.
        record: (record) => changed(runId, { ...recordChange(record), streamed: false }),
        named: (executionId) => changed(runId, { executionId }),
        sent: onSent,
      })
        .then((result) => {
          if (result.kind === 'json') answer({ ok: true });
          afterStream(runId, result.kind === 'json' ? 'closed' : result.end);
          if (!answered)
            answer({
              ok: false,
              error: new ApiError({ kind: 'network', details: 'The call was stopped before the server answered.' }),
            });
        })
        .catch((error: unknown) => answer({ ok: false, error: toApiError(error) }))
        .finally(done);
    });
}
