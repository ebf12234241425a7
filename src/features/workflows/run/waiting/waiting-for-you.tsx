import '@/features/workflows/run/run.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ExecutionState } from '@/api/workflows/workflow-schemas';
import { canonicalStatus } from '@/domain/workflows/run/execution-status';
import type { ErrorDescription } from '@/domain/errors/describe-error';
import { Button } from '@/ui/button';
import { ConfirmInline } from '@/ui/confirm-inline';
import { usePersonTextSlot } from '@/lib/storage/use-person-text';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import { useStoredText } from '@/ui/hooks/use-stored-text';
import type { Run } from '@/features/workflows/saved-runs/run';
import { RunError } from '@/features/workflows/errors/run-error';
import { useWorkflowRuntime } from '@/features/workflows/runtime/use-workflow-runtime';
import { ResumeFiles } from './resume-files';

type Mode = 'idle' | 'message' | 'edit' | 'abort';

interface WaitingProps {
  run: Run;
  states: readonly ExecutionState[];
  outputFor(stateId: string): string | undefined;
  /** The state the run paused before, when the stream named it. */
  pausedBefore?: string | undefined;
}

/**
 * An interrupted run waits for a person: continue as it is, continue with a message the next state reads, edit the
 * interrupted state's output first, or abort. What is typed is kept (a reload or a refused call loses nothing).
 */
export function WaitingForYou({ run, states, outputFor, pausedBefore }: WaitingProps) {
  const runtime = useWorkflowRuntime();
  useLookAgainWhenShown(run);
  const interrupted = states.filter((state) => canonicalStatus(state.status) === 'Interrupted').at(-1);
  const output = interrupted ? outputFor(interrupted.id) : undefined;
  const [mode, setMode] = useState<Mode>('idle');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorDescription | null>(null);
  const { web } = useWorkflowsServices();
  const [message, setMessage, clearMessage] = useStoredText(usePersonTextSlot(web, 'resumeMessage', run.id));
  const [edited, setEdited, clearEdited] = useStoredText(usePersonTextSlot(web, 'resumeOutput', run.id));
  // The files' URLs, one a line: kept like the message until the run goes on.
  const [fileLines, setFileLines, clearFiles] = useStoredText(usePersonTextSlot(web, 'resumeFiles', run.id));
  const files = fileLines.split('\n').filter(Boolean);
  const withFiles = files.length ? { fileNames: files } : {};
  // Never rejects: the runtime's verbs give a failure back as an outcome, shown here as the panel's error.
  const act = async (work: () => Promise<{ ok: true } | { ok: false; error: ErrorDescription }>, done: () => void) => {
    setBusy(true);
    setError(null);
    const outcome = await work();
    setBusy(false);
    if (!outcome.ok) return setError(outcome.error);
    done();
    setMode('idle');
  };
  const proceed = () =>
    void act(
      () => runtime.resume(run),
      () => undefined,
    );
  const withMessage = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim() && files.length === 0)
      return setError({
        title: 'Write a message or attach a file first',
        explanation: 'Or use Continue to go on without one.',
        action: 'none',
      });
    void act(
      () => runtime.resume(run, { ...(message.trim() ? { userInput: message } : {}), ...withFiles }),
      () => {
        clearMessage();
        clearFiles();
      },
    );
  };
  const withEdit = (event: FormEvent) => {
    event.preventDefault();
    if (!interrupted) return;
    if (!edited.trim())
      return setError({
        title: 'The output cannot be empty',
        explanation: 'Real servers refuse an empty output. Write the text the next state should read.',
        action: 'none',
      });
    void act(
      () =>
        runtime.resume(run, {
          editedOutput: { stateId: interrupted.id, output: edited },
          ...(message.trim() ? { userInput: message } : {}),
          ...withFiles,
        }),
      () => {
        clearEdited();
        clearMessage();
        clearFiles();
      },
    );
  };
  const abort = () =>
    void act(
      () => runtime.abort(run),
      () => undefined,
    );
  const startEdit = () => {
    if (!edited && output !== undefined) setEdited(output);
    setMode('edit');
  };
  return (
    <section className="waiting-for-you" aria-labelledby={`waiting-${run.id}`}>
      <h2 id={`waiting-${run.id}`}>Waiting for you</h2>
      <p>
        The run paused
        {interrupted ? (
          <>
            {' '}
            after <strong>{interrupted.name}</strong>
          </>
        ) : null}
        {pausedBefore ? (
          <>
            {' '}
            before <strong>{pausedBefore}</strong>
          </>
        ) : null}
        . It goes on when you continue it.
      </p>
      {interrupted && output !== undefined && mode !== 'edit' ? (
        <details open className="waiting-output">
          <summary>Output of {interrupted.name}</summary>
          <pre className="pre-block">{output}</pre>
        </details>
      ) : null}
      {mode === 'message' || mode === 'edit' ? (
        <form className="waiting-form" onSubmit={mode === 'edit' ? withEdit : withMessage}>
          {mode === 'edit' ? (
            <label>
              Output of {interrupted?.name ?? 'the interrupted state'} (the next state reads this)
              <textarea
                value={edited}
                onChange={(event) => setEdited(event.target.value)}
                rows={8}
                autoFocus
                className="mono"
              />
            </label>
          ) : null}
          <label>
            Message {mode === 'edit' ? '(optional)' : ''}
            <textarea
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              rows={3}
              autoFocus={mode === 'message'}
              placeholder="What the next state should know"
            />
          </label>
          <ResumeFiles files={files} onChange={(next) => setFileLines(next.join('\n'))} />
          <div className="row">
            <Button type="submit" variant="primary" disabled={busy}>
              {busy ? 'Continuing…' : mode === 'edit' ? 'Save output and continue' : 'Continue with message'}
            </Button>
            <Button onClick={() => setMode('idle')} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : mode === 'abort' ? (
        <ConfirmInline
          label="Confirm abort"
          confirm="Abort run"
          busyText="Aborting…"
          busy={busy}
          onConfirm={abort}
          cancel="Keep waiting"
          onCancel={() => setMode('idle')}
        >
          Abort this run? It will not continue; finished states keep their output.
        </ConfirmInline>
      ) : (
        <div className="row">
          <Button variant="primary" disabled={busy} onClick={proceed}>
            {busy ? 'Continuing…' : 'Continue'}
          </Button>
          <Button onClick={() => setMode('message')}>Continue with message…</Button>
          <Button onClick={startEdit} disabled={!interrupted}>
            Edit output…
          </Button>
          <Button variant="stop" onClick={() => setMode('abort')}>
            Abort…
          </Button>
        </div>
      )}
      {error ? <RunError error={error} /> : null}
    </section>
  );
}

/**
 * A run paused for a person may be continued elsewhere (another device, another tab's person, an SDK): shown, and each
 * time the tab is back in view, it is read once more, and followed again when it has moved on.
 */
function useLookAgainWhenShown(run: Run) {
  const runtime = useWorkflowRuntime();
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const look = () => {
      if (document.visibilityState === 'visible') runtime.checkAgain(latest.current);
    };
    look();
    document.addEventListener('visibilitychange', look);
    return () => document.removeEventListener('visibilitychange', look);
  }, [runtime, run.id]);
}
