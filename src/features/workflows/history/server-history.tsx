import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useConsoleServices } from '@/lib/services-context';
import { workflowListQuery } from '@/api/workflows/workflow-queries';
import { ServerExecutions } from './server-executions';

/**
 * "On the server": the executions the server keeps for one workflow, including runs started elsewhere. The runs'
 * workflow filter chooses it; without one, the person picks a workflow here.
 */
export function ServerHistory({ filtered }: { filtered: { id: string; name: string } | undefined }) {
  const { client } = useConsoleServices();
  const [chosen, setChosen] = useState('');
  const catalog = useInfiniteQuery({ ...workflowListQuery(client, ''), enabled: filtered === undefined });
  const workflows = catalog.data?.pages.flatMap((page) => page.data) ?? [];
  const picked = workflows.find((workflow) => workflow.id === chosen);
  const workflow = filtered ?? (picked ? { id: picked.id, name: picked.name } : undefined);
  return (
    <div className="server-history">
      {filtered ? null : (
        <label className="row server-history-pick">
          <strong>On the server</strong>
          <span className="muted small">
            runs started here or anywhere else (another browser, an SDK, a schedule), for
          </span>
          <select
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            aria-label="Workflow whose server executions to list"
          >
            <option value="">{catalog.isPending ? 'Loading workflows…' : 'choose a workflow'}</option>
            {workflows.map((known) => (
              <option key={known.id} value={known.id}>
                {known.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {catalog.isError && !filtered ? (
        <p className="field-error">The workflows could not be listed: {catalog.error.message}</p>
      ) : null}
      {workflow ? <ServerExecutions key={workflow.id} workflow={workflow} /> : null}
    </div>
  );
}
