import { useId, useState } from 'react';
import { checkWorkflowId } from '@/domain/assistant-id';
import { AddByIdForm } from '@/ui/add-by-id-form';
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
      <AddByIdForm
        label="Add a workflow by ID"
        check={checkWorkflowId}
        onAdd={(id) => useLauncherStore.getState().workflowAdded({ id, name: `Workflow ${id.slice(0, 8)}` })}
      />
    </section>
  );
}
