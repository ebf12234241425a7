import { useState } from 'react';
import { checkWorkflowId } from '@/domain/catalog/assistant-id';
import { describeError } from '@/domain/errors/describe-error';
import { isApiError } from '@/domain/errors/api-error';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { AddByIdPopover } from '@/ui/catalog/add-by-id-popover';
import { CatalogPicker } from '@/ui/catalog/catalog-picker';
import { useLauncherStore } from './launcher-store';
import { useWorkflowChoices, type KnownWorkflow } from './use-workflow-catalog';

/** The workflows this person can run: searchable, paged, with the configured list and add-by-ID as fallbacks. */
export function WorkflowPicker({
  fallback,
  onPicked,
}: {
  fallback: RuntimeConfig['fallbacks']['workflows'];
  /** A workflow was chosen: the keyboard goes to its input next. */
  onPicked(): void;
}) {
  const selected = useLauncherStore((state) => state.workflow);
  const added = useLauncherStore((state) => state.added);
  const workflowChosen = useLauncherStore((state) => state.workflowChosen);
  const workflowAdded = useLauncherStore((state) => state.workflowAdded);
  const [search, setSearch] = useState('');
  const choices = useWorkflowChoices(search, fallback, added);
  const error = choices.error && isApiError(choices.error) ? choices.error : null;
  return (
    <CatalogPicker<KnownWorkflow>
      label="Workflow"
      placeholder="Search workflows"
      items={choices.workflows}
      selected={selected}
      onSelect={(workflow) => workflowChosen({ id: workflow.id, name: workflow.name })}
      onPicked={onPicked}
      search={search}
      onSearchChange={setSearch}
      loading={choices.loading}
      error={
        error
          ? `Could not load workflows: ${describeError(error, 'catalog').title}. ${error.serverMessage ?? ''}`
          : undefined
      }
      notice={
        choices.source === 'fallback'
          ? 'This server has no workflow list; showing the configured ones and those added by ID.'
          : undefined
      }
      loadingMessage="Loading workflows…"
      emptyMessage={(typed) =>
        typed ? `No workflow matches “${typed}”. Add one by ID.` : 'No workflow here yet. Add one by ID.'
      }
      loadMore={choices.loadMore}
      total={choices.total}
    >
      <AddByIdPopover
        label="Add a workflow by ID"
        check={checkWorkflowId}
        onAdd={(id) => workflowAdded({ id, name: `Workflow ${id.slice(0, 8)}` })}
      />
    </CatalogPicker>
  );
}
