import { useId, useState, type FormEvent } from 'react';
import { checkAssistantId } from '@/domain/assistant-id';
import { describeError } from '@/domain/describe-error';
import { isApiError } from '@/domain/api-error';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { useLauncherStore } from './launcher-store';
import { useWorkflowChoices, type KnownWorkflow } from './use-workflow-catalog';

/** The workflows this person can run: searchable, paged, with the configured list and add-by-ID as fallbacks. */
export function WorkflowPicker({ fallback }: { fallback: RuntimeConfig['fallbacks']['workflows'] }) {
  const selected = useLauncherStore((state) => state.workflow);
  const added = useLauncherStore((state) => state.added);
  const [search, setSearch] = useState('');
  const choices = useWorkflowChoices(search, fallback, added);
  const searchId = useId();
  const choose = (workflow: KnownWorkflow) => useLauncherStore.getState().workflowChosen({ id: workflow.id, name: workflow.name });
  return (
    <section className="workflow-picker" aria-label="Workflows">
      <label htmlFor={searchId} className="small-heading">
        Workflow
      </label>
      <input id={searchId} type="search" placeholder="Search workflows" value={search} onChange={(event) => setSearch(event.target.value)} />
      {choices.error && isApiError(choices.error) ? (
        <p role="alert" className="field-error">
          Could not load workflows: {describeError(choices.error, 'catalog').title}. {choices.error.serverMessage ?? ''}
        </p>
      ) : null}
      {choices.source === 'fallback' && !choices.loading ? <p className="muted small">This server has no workflow list; showing the configured ones and those added by ID.</p> : null}
      <ul className="picker-list" aria-busy={choices.loading}>
        {choices.loading && choices.workflows.length === 0 ? <li className="skeleton">Loading workflows…</li> : null}
        {!choices.loading && choices.workflows.length === 0 ? <li className="muted">{search ? `No workflow matches “${search}”.` : 'No workflow here yet.'} Add one by ID below.</li> : null}
        {choices.workflows.map((workflow) => (
          <li key={workflow.id}>
            <button type="button" className="picker-option" aria-pressed={workflow.id === selected?.id} onClick={() => choose(workflow)}>
              <span className="picker-option-name">{workflow.name}</span>{' '}
              {workflow.description ? <span className="picker-option-description">{workflow.description}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {choices.loadMore ? (
        <button type="button" className="button button-small" onClick={choices.loadMore} disabled={choices.loading}>
          {choices.loading ? 'Loading…' : `Load more (${choices.workflows.length} of ${choices.total})`}
        </button>
      ) : null}
      <AddWorkflowById />
    </section>
  );
}

function AddWorkflowById() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAssistantId(value);
    if (!check.ok) return setError(check.message.replace(/assistant/gi, 'workflow'));
    useLauncherStore.getState().workflowAdded({ id: check.id, name: `Workflow ${check.id.slice(0, 8)}` });
    setValue('');
    setError(null);
  };
  return (
    <form className="add-by-id" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Add a workflow by ID</label>
      <div className="row">
        <input id={inputId} className="mono" value={value} placeholder="00000000-0000-4000-8000-000000000000" spellCheck={false} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} onChange={(event) => setValue(event.target.value)} />
        <button type="submit" className="button">
          Add
        </button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
