import { useNavigate } from '@tanstack/react-router';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import { ActionMenu } from '@/ui/menu';
import { useLauncherStore } from '@/features/workflows/launcher/launcher-store';
import type { Run } from '@/features/workflows/saved-runs/run';
import { curlOf } from '@/features/workflows/saved-runs/run-facts';

/** A run's actions in one menu: open, run again, copy as curl, and delete last. */
export function RunRowMenu({ run, onDelete, onNotice }: { run: Run; onDelete(): void; onNotice(text: string): void }) {
  const { client } = useWorkflowsServices();
  const navigate = useNavigate();
  const prefilled = useLauncherStore((state) => state.prefilled);
  const when = new Date(run.startedAt).toLocaleString();
  const again = () => {
    prefilled(
      { id: run.workflowId, name: run.workflowName },
      { userInput: run.userInput, tags: run.tags, sessionId: run.sessionId ?? '', fileName: run.fileName ?? '' },
    );
    navigate({ to: '/workflows' });
  };
  const copy = () =>
    navigator.clipboard.writeText(curlOf(client, run)).then(
      () => onNotice(`Copied the run of ${run.workflowName} as curl.`),
      () => onNotice('Copy failed: the browser did not allow it.'),
    );
  return (
    <ActionMenu
      label={`Actions for run of ${run.workflowName}, ${when}`}
      actions={[
        {
          id: 'open',
          label: 'Open',
          onAction: () => void navigate({ to: '/workflows/runs/$runId', params: { runId: run.id } }),
        },
        { id: 'again', label: 'Run again', onAction: again },
        { id: 'curl', label: 'Copy as curl', onAction: () => void copy() },
        { id: 'delete', label: 'Delete', danger: true, onAction: onDelete },
      ]}
    />
  );
}
