import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { batchLimits, createBatch } from '@/domain/workflows/batches/batch';
import { batchProblems } from '@/domain/workflows/batches/batch-draft';
import { newSessionId } from '@/domain/workflows/request/session-id';
import { HeaderSwitcher, HeadersBlockedNotice, useHeaderDecision } from '@/features/headers';
import { useBatchDraftStore } from './batch-draft-store';
import { useBatchInputs } from './batch-inputs';
import { useBatchRuntime } from '@/features/workflows/batches/use-batch-runtime';
import { BatchSource } from './batch-source';
import { SessionIdField } from '@/features/workflows/fields/session-id-field';
import { TagInput } from '@/features/workflows/fields/tag-input';
import '@/features/workflows/launcher/launcher.css';
import '@/features/workflows/fields/fields.css';
import '@/features/workflows/batches/batches.css';

const uuid = () => crypto.randomUUID();

/** One workflow over many inputs: where the inputs come from, what every run shares, how many run at once. */
export function BatchForm({ workflow }: { workflow: { id: string; name: string } }) {
  const draft = useBatchDraftStore((state) => state.draft);
  const change = useBatchDraftStore((state) => state.draftChanged);
  const batchStarted = useBatchDraftStore((state) => state.batchStarted);
  const { inputs, problems: sourceProblems, header } = useBatchInputs(draft);
  const runtime = useBatchRuntime();
  const navigate = useNavigate();
  const [showProblems, setShowProblems] = useState(false);
  const sessionId = draft.sessionId.trim();
  const decision = useHeaderDecision({ kind: 'workflow', ...(sessionId ? { sessionId } : {}) });
  const headerProblems = decision.ok ? [] : decision.problems;
  const problems = [...sourceProblems, ...batchProblems({ inputs, commonTags: draft.commonTags, sessionId })];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    if (problems.length > 0 || headerProblems.length > 0) return;
    const batch = createBatch({
      id: uuid(),
      workflowId: workflow.id,
      inputs,
      concurrency: draft.concurrency,
      commonTags: draft.commonTags,
      ...(sessionId ? { sessionId } : {}),
    });
    runtime.start({ id: batch.id, workflowName: workflow.name, createdAt: Date.now(), batch });
    batchStarted(newSessionId(uuid));
    navigate({ to: '/workflows/batches/$batchId', params: { batchId: batch.id } });
  };

  return (
    <form className="launch-form" aria-label={`Batch of ${workflow.name}`} onSubmit={submit} noValidate>
      <header>
        <h2>Batch: {workflow.name}</h2>
        <p className="muted">
          Runs the workflow once per input, a few at a time. Every run is kept in the runs history.
        </p>
      </header>
      <BatchSource draft={draft} header={header} count={inputs.length} onChange={change} />
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
      <div className="row">
        <button type="submit" className="button button-primary" disabled={headerProblems.length > 0}>
          {inputs.length > 0 ? `Start ${inputs.length} run${inputs.length === 1 ? '' : 's'}` : 'Start batch'}
        </button>
        <span className="muted small">{draft.concurrency} at a time</span>
      </div>
    </form>
  );
}
