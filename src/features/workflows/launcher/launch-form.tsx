import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import { previewStart } from '@/api/workflows/workflow-calls';
import { workflowDetailQuery } from '@/api/workflows/workflow-queries';
import { toCurl } from '@/domain/calls/curl';
import type { ErrorDescription } from '@/domain/errors/describe-error';
import {
  executionBody,
  launchProblems,
  type LaunchField,
  type LaunchForm,
} from '@/domain/workflows/request/execution-request';
import { FileField } from '@/features/workflows/fields/file-field';
import { SessionIdField } from '@/features/workflows/fields/session-id-field';
import { HeaderSwitcher, HeadersBlockedNotice, SuggestedProfile, useHeaderDecision } from '@/features/headers';
import { CopyButton } from '@/ui/copy-button';
import { TagInput } from '@/features/workflows/fields/tag-input';
import { StartKeysHint, startKeysAria, submitOnStartKeys } from '@/features/workflows/fields/start-keys';
import { useLauncherStore } from './launcher-store';
import { ForkNotice } from './fork-notice';
import { RunError } from '@/features/workflows/errors/run-error';
import { useWorkflowRuntime } from '@/features/workflows/runtime/use-workflow-runtime';
import { chooseAgainMessage } from '@/domain/workflows/request/run-files';
import './launcher.css';
import '@/ui/button.css';

/** What a draft holds, in words: "input, 2 tags, session ID, file". */
function draftParts(form: LaunchForm): string[] {
  return [
    form.userInput.trim() ? 'input' : '',
    form.tags.length ? `${form.tags.length} tag${form.tags.length === 1 ? '' : 's'}` : '',
    form.sessionId.trim() ? 'session ID' : '',
    form.fileName.trim() ? 'file' : '',
  ].filter((part) => part !== '');
}

/** The form of one launch: input, tags, session, file, headers; a live preview of what will be sent. */
export function LaunchFormView({ workflow }: { workflow: { id: string; name: string } }) {
  const { client } = useWorkflowsServices();
  const form = useLauncherStore((state) => state.form);
  const tagDraft = useLauncherStore((state) => state.tagDraft);
  const streamLive = useLauncherStore((state) => state.streamLive);
  const restored = useLauncherStore((state) => state.restored);
  const forkOf = useLauncherStore((state) => (state.forkOf?.workflowId === workflow.id ? state.forkOf : null));
  const detail = useQuery({ ...workflowDetailQuery(client, workflow.id), retry: false });
  const runtime = useWorkflowRuntime();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ error: ErrorDescription; logId?: string } | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const sending = useRef(false);
  const ids = useId();

  const body = executionBody(form);
  const problems = launchProblems(form);
  const problemFor = (field: LaunchField) =>
    showProblems || field !== 'userInput' ? problems.find((problem) => problem.field === field)?.message : undefined;
  const decision = useHeaderDecision({ kind: 'workflow', ...(body.session_id ? { sessionId: body.session_id } : {}) });
  const headerProblems = decision.ok ? [] : decision.problems;
  const preview = previewStart(client, workflow.id, body, decision.ok ? decision.forwarded : null, streamLive);
  const change = useLauncherStore((state) => state.formChanged);
  const forkForgotten = useLauncherStore((state) => state.forkForgotten);
  const fileAskedAgain = useLauncherStore((state) => state.fileAskedAgain);
  const fileRefused = useLauncherStore((state) => state.fileRefused);
  const cleared = useLauncherStore((state) => state.cleared);
  const tagDraftChanged = useLauncherStore((state) => state.tagDraftChanged);
  const streamLiveChanged = useLauncherStore((state) => state.streamLiveChanged);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    // A double click, or Enter pressed twice, starts one run.
    if (sending.current || problems.length > 0 || headerProblems.length > 0) return;
    sending.current = true;
    setPending(true);
    setFailure(null);
    try {
      const outcome = await runtime.launch({
        workflow,
        body,
        stream: streamLive,
        ...(forkOf ? { parentRunId: forkOf.runId } : {}),
      });
      if (forkOf) forkForgotten();
      if (outcome.ok) await navigate({ to: '/workflows/runs/$runId', params: { runId: outcome.run.id } });
      else {
        setFailure({ error: outcome.error, ...(outcome.run.logId ? { logId: outcome.run.logId } : {}) });
        // The server refused the file (someone else's upload, a bad token): said beside the field, chosen again.
        if (outcome.fileRefused) fileRefused(chooseAgainMessage(outcome.fileRefused));
      }
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  const startHint = detail.data?.start_hint;
  return (
    <form
      className="launch-form"
      aria-label={`Run ${workflow.name}`}
      onSubmit={(event) => void submit(event)}
      onKeyDown={submitOnStartKeys}
      noValidate
    >
      <header>
        <h2>{detail.data?.name ?? workflow.name}</h2>
        {detail.data?.description ? <p className="muted">{detail.data.description}</p> : null}
        <p className="muted small mono">{workflow.id}</p>
      </header>
      <ForkNotice workflowId={workflow.id} />
      {forkOf?.headers ? (
        <SuggestedProfile profileName={forkOf.headers.profileName} forwarding={forkOf.headers.forwarding} />
      ) : null}
      {restored ? (
        <p className="muted small" role="status">
          Your earlier draft for this workflow is back ({draftParts(form).join(', ')}).{' '}
          <button type="button" className="link-button" onClick={cleared}>
            New run
          </button>
        </p>
      ) : null}
      <label className="field">
        <span>Input</span>
        <textarea
          rows={6}
          value={form.userInput}
          placeholder={startHint ?? 'What the workflow should work on (optional)'}
          aria-invalid={problemFor('userInput') ? true : undefined}
          aria-describedby={problemFor('userInput') ? `${ids}-input-problem` : undefined}
          onChange={(event) => change({ userInput: event.target.value })}
        />
      </label>
      {problemFor('userInput') ? (
        <p id={`${ids}-input-problem`} className="field-error">
          {problemFor('userInput')}
        </p>
      ) : null}
      <TagInput
        label="Tags"
        tags={form.tags}
        draft={tagDraft}
        onTagsChange={(tags) => change({ tags })}
        onDraftChange={tagDraftChanged}
      />
      <SessionIdField
        label="Session ID"
        value={form.sessionId}
        hint="Optional. Runs with one session id are grouped in the trace view; left empty, the server uses the execution id."
        problem={problemFor('sessionId')}
        onChange={(sessionId) => change({ sessionId })}
      />
      <FileField
        value={form.fileName}
        problem={problemFor('fileName') ?? fileAskedAgain ?? undefined}
        onChange={(fileName) => change({ fileName })}
      />
      <label className="toggle">
        <input type="checkbox" checked={streamLive} onChange={(event) => streamLiveChanged(event.target.checked)} />
        Stream live <span className="muted small">(watch states, thoughts and text as they happen)</span>
      </label>
      <HeaderSwitcher problems={headerProblems} />
      <HeadersBlockedNotice problems={headerProblems} action="Starting" />
      <details className="request-preview">
        <summary>Request preview</summary>
        <pre className="pre-block mono" aria-label="Request body preview">
          {`${preview.method} ${preview.url}\n\n${JSON.stringify(JSON.parse(preview.body ?? '{}'), null, 2)}`}
        </pre>
        <CopyButton label="Copy as curl" getText={() => toCurl({ ...preview, stream: streamLive })} />
        {decision.ok && Object.keys(decision.secrets ?? {}).length > 0 ? (
          <CopyButton
            label="Copy with secrets"
            getText={() => toCurl({ ...preview, stream: streamLive }, decision.secrets)}
          />
        ) : null}
      </details>
      {failure ? <RunError error={failure.error} logId={failure.logId} /> : null}
      <div className="row launch-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={pending || headerProblems.length > 0}
          aria-busy={pending}
          aria-keyshortcuts={startKeysAria()}
        >
          {pending ? 'Starting…' : 'Start run'}
        </button>
        <StartKeysHint />
        {!restored && draftParts(form).length > 0 ? (
          <button type="button" className="button" onClick={cleared}>
            New run
          </button>
        ) : null}
        {showProblems && problems.length > 0 ? (
          <span className="field-error">
            Fix {problems.length === 1 ? 'the field' : `${problems.length} fields`} marked above first.
          </span>
        ) : null}
      </div>
    </form>
  );
}
