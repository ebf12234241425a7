import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { batchLimits, createBatch } from '@/domain/workflows/batches/batch';
import { batchFingerprint, batchProblems } from '@/domain/workflows/batches/batch-draft';
import { batchLabel, batchNameProblem, keptBatchName } from '@/domain/workflows/batches/batch-name';
import { newSessionId } from '@/domain/workflows/request/session-id';
import { HeaderSwitcher, HeadersBlockedNotice, useHeaderDecision } from '@/features/headers';
import { useBatchDraftStore } from './batch-draft-store';
import { useBatchInputs } from './batch-inputs';
import { useBatchRuntime } from '@/features/workflows/batches/use-batch-runtime';
import { BatchSource } from './batch-source';
import { BatchStart } from './batch-start';
import { SessionIdField } from '@/features/workflows/fields/session-id-field';
import { submitOnStartKeys } from '@/features/workflows/fields/start-keys';
import { TagInput } from '@/features/workflows/fields/tag-input';
import '@/features/workflows/launcher/launcher.css';
import '@/features/workflows/fields/fields.css';
import '@/features/workflows/batches/batches.css';

const uuid = () => crypto.randomUUID();

/** One workflow over many inputs: where the inputs come from, what every run shares, how many run at once. */
export function BatchForm({ workflow }: { workflow: { id: string; name: string } }) {
  const draft = useBatchDraftStore((state) => state.draft);
  const lastStarted = useBatchDraftStore((state) => state.lastStarted);
  const change = useBatchDraftStore((state) => state.draftChanged);
  const batchStarted = useBatchDraftStore((state) => state.batchStarted);
  const { inputs, problems: sourceProblems, header } = useBatchInputs(draft);
  const runtime = useBatchRuntime();
  const navigate = useNavigate();
  const nameId = useId();
  const [showProblems, setShowProblems] = useState(false);
  const sessionId = draft.sessionId.trim();
  const decision = useHeaderDecision({ kind: 'workflow', ...(sessionId ? { sessionId } : {}) });
  const headerProblems = decision.ok ? [] : decision.problems;
  const nameProblem = batchNameProblem(draft.name);
  const problems = [
    ...(nameProblem ? [nameProblem] : []),
    ...sourceProblems,
    ...batchProblems({ inputs, commonTags: draft.commonTags, sessionId }),
  ];
  const fingerprint = batchFingerprint(inputs, draft.commonTags);
  const startedAlready =
    lastStarted?.workflowId === workflow.id && lastStarted.fingerprint === fingerprint && inputs.length > 0
      ? lastStarted
      : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The inputs of the batch just started go again only by a click on "… again", never by the keyboard shortcut.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (startedAlready && !(submitter instanceof HTMLButtonElement && submitter.value === 'again')) return;
    setShowProblems(true);
    if (problems.length > 0 || headerProblems.length > 0) return;
    const name = keptBatchName(draft.name);
    const createdAt = Date.now();
    const batch = createBatch({
      id: uuid(),
      workflowId: workflow.id,
      inputs,
      concurrency: draft.concurrency,
      commonTags: draft.commonTags,
      ...(sessionId ? { sessionId } : {}),
    });
    runtime.start({ id: batch.id, workflowName: workflow.name, ...(name ? { name } : {}), createdAt, batch });
    batchStarted(newSessionId(uuid), {
      batchId: batch.id,
      workflowId: workflow.id,
      label: batchLabel({ name, createdAt }),
      count: inputs.length,
      fingerprint,
    });
    navigate({ to: '/workflows/batches/$batchId', params: { batchId: batch.id } });
  };

  return (
    <form
      className="launch-form"
      aria-label={`Batch of ${workflow.name}`}
      onSubmit={submit}
      onKeyDown={submitOnStartKeys}
      noValidate
    >
      <header>
        <h2>Batch: {workflow.name}</h2>
        <p className="muted">
          Runs the workflow once per input, a few at a time. Every run is kept in the runs history.
        </p>
      </header>
      <div className="field">
        <label htmlFor={nameId}>Batch name</label>
        <input
          id={nameId}
          value={draft.name}
          placeholder="e.g. prompt v2"
          autoComplete="off"
          aria-invalid={nameProblem ? true : undefined}
          aria-describedby={`${nameId}-hint`}
          onChange={(event) => change({ name: event.target.value })}
        />
        <p id={`${nameId}-hint`} className={nameProblem ? 'field-error' : 'muted small'}>
          {nameProblem ??
            'Optional. Names the batch in the runs history, on its page and in comparisons; without one it is known by when it started.'}
        </p>
      </div>
      <BatchSource draft={draft} header={header} inputs={inputs} onChange={change} />
      <TagInput
        label="Tags for every run"
        tags={draft.commonTags}
        draft={draft.tagDraft}
        onTagsChange={(commonTags) => change({ commonTags })}
        onDraftChange={(tagDraft) => change({ tagDraft })}
      />
      <SessionIdField
        label="Session ID for the batch"
        value={draft.sessionId}
        hint="Every run of the batch carries it, so the trace view shows the batch as one session. Empty: each run gets its own."
        onChange={(sessionId) => change({ sessionId })}
      />
      <label className="field">
        <span>Runs at once</span>
        <input
          type="number"
          min={1}
          max={batchLimits.concurrency}
          value={draft.concurrency}
          onChange={(event) =>
            change({
              concurrency: Math.min(batchLimits.concurrency, Math.max(1, Math.floor(Number(event.target.value) || 1))),
            })
          }
        />
      </label>
      <HeaderSwitcher problems={headerProblems} />
      <HeadersBlockedNotice problems={headerProblems} action="Starting" />
      {showProblems && problems.length > 0 ? (
        <ul className="field-problems" role="alert" aria-label="Why the batch cannot start">
          {problems.map((problem) => (
            <li key={problem} className="field-error">
              {problem}
            </li>
          ))}
        </ul>
      ) : null}
      <BatchStart
        count={inputs.length}
        concurrency={draft.concurrency}
        blocked={headerProblems.length > 0}
        startedAlready={startedAlready}
      />
    </form>
  );
}
