import type { Answer } from '@/domain/answer/answer';
import { tokenSplitText, usageOf, usageText } from '@/domain/answer/usage';
import { refusalOf, type Refusal } from '@/domain/errors/refusal';
import type { Turn } from '@/features/chat/runtime/turn';
import '@/ui/live-dot.css';

export const statusText: Record<Turn['status'], string> = {
  sending: 'Waiting for the assistant…',
  streaming: 'Answering…',
  waiting: 'Waiting for you',
  completed: 'Completed',
  stopped: 'Stopped — partial answer',
  interrupted: 'Interrupted — the stream ended before the answer was complete',
  failed: 'Failed',
};

const wireLabel = (turn: Turn): string => {
  if (turn.mode === 'json') return 'JSON';
  if (turn.wire === 'ndjson') return 'streamed (NDJSON)';
  if (turn.wire === 'json') return 'streamed (server sent JSON)';
  return turn.wire === 'sse' ? 'streamed (SSE)' : 'streamed';
};

const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

function problems(answer: Answer, refusal: Refusal | null): string[] {
  const list: string[] = (answer.serverErrors ?? []).map((message) => `Server error: ${message}`);
  if (answer.executionError && !refusal) list.push(`Execution error: ${answer.executionError}`);
  if (answer.agentError)
    list.push(
      `Agent error: ${typeof answer.agentError === 'string' ? answer.agentError : JSON.stringify(answer.agentError)}`,
    );
  if (answer.toolErrors && (!Array.isArray(answer.toolErrors) || answer.toolErrors.length > 0))
    list.push(`Tool errors: ${JSON.stringify(answer.toolErrors)}`);
  if (answer.errorDetails)
    list.push(
      `Error details: ${typeof answer.errorDetails === 'string' ? answer.errorDetails : JSON.stringify(answer.errorDetails)}`,
    );
  if (answer.success === false && list.length === 0 && !refusal)
    list.push('The server reported that the run did not succeed.');
  return list;
}

/** A limit the platform reached, said plainly with what to do; the server's code and own words below. */
function RefusalNote({ refusal, serverText }: { refusal: Refusal; serverText: string | undefined }) {
  return (
    <div className="answer-refusal" role="alert">
      <p>
        <strong>{refusal.title}</strong> {refusal.advice}
        {serverText ? ' What the assistant wrote before it stopped is kept above.' : null}
      </p>
      <p className="muted small">
        The server said: <code>{refusal.code}</code>
        {serverText ? <> — {serverText}</> : null}
      </p>
    </div>
  );
}

/** The line under an answer: its state, and for finished answers the timing the server reported. */
export function AnswerStatus({ turn }: { turn: Turn }) {
  const { answer } = turn;
  // Only what the server reported: tokens (split in the tooltip), cost, time; nothing estimated here.
  const usage = usageOf(answer);
  const meta: string[] = [usageText(usage)].filter(Boolean);
  if (answer.taskId) meta.push(`task ${answer.taskId}`);
  const refusal = refusalOf(answer.executionError);
  const errors = problems(answer, refusal);
  return (
    <div className="answer-status">
      <p
        className={`status status-${turn.status}${errors.length ? ' status-with-errors' : ''}`}
        data-status={turn.status}
      >
        {turn.status === 'streaming' || turn.status === 'sending' ? (
          <span className="live-dot" aria-hidden="true" />
        ) : null}
        <span className="status-label">
          {refusal && turn.status === 'completed'
            ? refusal.status
            : errors.length && turn.status === 'completed'
              ? 'Completed with errors'
              : turn.status === 'stopped' && turn.keptByServer
                ? `Stopped — partial answer; the server kept the first ${wordCount(answer.text).toLocaleString('en-US')} words`
                : statusText[turn.status]}
        </span>
        {meta.length ? (
          <span className="answer-meta mono" title={tokenSplitText(usage) || undefined}>
            {' '}
            · {meta.join(' · ')}
          </span>
        ) : null}
        <span className="muted"> · {wireLabel(turn)}</span>
      </p>
      {turn.status === 'interrupted' && turn.error ? (
        <p className="answer-problem" role="alert">
          {turn.error.title}
        </p>
      ) : null}
      {refusal ? <RefusalNote refusal={refusal} serverText={answer.errorText} /> : null}
      {errors.map((error) => (
        <p key={error} className="answer-problem" role="note">
          {error}
        </p>
      ))}
      {answer.malformedChunks > 0 ? (
        <p className="answer-warning" role="note">
          {answer.malformedChunks} stream chunk{answer.malformedChunks === 1 ? '' : 's'} could not be read and{' '}
          {answer.malformedChunks === 1 ? 'was' : 'were'} skipped.
        </p>
      ) : null}
    </div>
  );
}
