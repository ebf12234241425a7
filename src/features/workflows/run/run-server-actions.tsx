import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useConsoleServices } from '@/lib/services-context';
import { exportExecution, type ExportFormat } from '@/api/workflows/execution-calls';
import { isApiError } from '@/domain/errors/api-error';
import { describeError, type ErrorDescription } from '@/domain/errors/describe-error';
import { isTerminal } from '@/domain/workflows/run/execution-status';
import type { Run } from '@/features/workflows/model/run';
import { RunError } from '@/features/workflows/errors/run-error';
import { useWorkflowRuntime } from '@/features/workflows/runtime/workflow-runtime';
import { download, fileStamp } from '@/lib/download';
import { Button } from '@/ui/button';
import { ConfirmInline } from '@/ui/confirm-inline';
import { ActionMenu } from '@/ui/menu';

const zipName = (run: Run) =>
  `${run.workflowName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'run'}_${fileStamp()}.zip`;

/**
 * What the server can do with a run beyond following it: export it as its zip (md or html, one file per state or
 * combined; fetched with the token in a header, never in a URL) and delete it (refused by real servers for a run
 * that belongs to a conversation: their reason is shown).
 */
export function RunServerActions({ run }: { run: Run }) {
  const { client } = useConsoleServices();
  const runtime = useWorkflowRuntime();
  const navigate = useNavigate();
  const [error, setError] = useState<ErrorDescription | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const { executionId } = run;
  if (!executionId || run.noFollowUp) return null;

  const exportAs = async (format: ExportFormat, combined: boolean) => {
    setBusy('export');
    setError(null);
    try {
      const { blob } = await exportExecution(client, run.workflowId, executionId, format, combined);
      // Named by the console, like the official UI: the server's name carries no date.
      download(zipName(run), 'application/zip', blob);
    } catch (caught) {
      setError(
        isApiError(caught)
          ? describeError(caught, 'workflow')
          : { title: 'The export failed', explanation: String(caught), action: 'retry' },
      );
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy('delete');
    const outcome = await runtime.remove(run);
    setBusy(null);
    setConfirming(false);
    if (!outcome.ok) return setError(outcome.error);
    void navigate({ to: '/workflows/runs' });
  };

  return (
    <>
      <ActionMenu
        label="Export run"
        triggerClassName="button"
        trigger={busy === 'export' ? 'Exporting…' : 'Export ▾'}
        actions={[
          { id: 'md', label: 'Markdown, one file per state (.zip)', onAction: () => void exportAs('md', false) },
          { id: 'md-combined', label: 'Markdown, one file (.zip)', onAction: () => void exportAs('md', true) },
          { id: 'html', label: 'HTML, one file per state (.zip)', onAction: () => void exportAs('html', false) },
          { id: 'html-combined', label: 'HTML, one file (.zip)', onAction: () => void exportAs('html', true) },
        ]}
      />
      {confirming ? (
        <ConfirmInline
          label="Confirm delete"
          confirm="Delete run"
          busyText="Deleting…"
          busy={busy === 'delete'}
          onConfirm={() => void remove()}
          cancel="Keep it"
          onCancel={() => setConfirming(false)}
        >
          Delete this run on the server{isTerminal(run.status) ? '' : ' (it is still going: it stops being followed)'}?
          This cannot be undone.
        </ConfirmInline>
      ) : (
        <Button onClick={() => setConfirming(true)}>Delete…</Button>
      )}
      {error ? <RunError error={error} /> : null}
    </>
  );
}
