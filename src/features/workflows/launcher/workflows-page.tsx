import { useRef } from 'react';
import { Link } from '@tanstack/react-router';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { BatchForm } from '@/features/workflows/batches/form/batch-form';
import { useBatchDraftStore } from '@/features/workflows/batches/form/batch-draft-store';
import { LaunchFormView } from './launch-form';
import { useLauncherStore } from './launcher-store';
import { RecentBatches } from '@/features/workflows/batches/recent-batches';
import { WorkflowPicker } from './workflow-picker';
import './launcher.css';

/** The launcher: the workflow field on top, the form for one run or a batch right below it. */
export function WorkflowsPage({ fallback }: { fallback: RuntimeConfig['fallbacks']['workflows'] }) {
  const workflow = useLauncherStore((state) => state.workflow);
  const mode = useBatchDraftStore((state) => state.mode);
  const choose = useBatchDraftStore((state) => state.modeChosen);
  const form = useRef<HTMLDivElement>(null);
  // A workflow chosen: the keyboard goes to the first field of its form (the run's input), as a chat's goes to its box.
  const focusForm = () => form.current?.querySelector<HTMLElement>('textarea, input, select')?.focus();
  return (
    <section className="page" aria-labelledby="workflows-title">
      <header className="page-header row">
        <h1 id="workflows-title">Workflows</h1>
        <Link to="/workflows/runs" className="button button-small">
          Runs history
        </Link>
      </header>
      <div className="workflows-layout">
        <WorkflowPicker fallback={fallback} onPicked={focusForm} />
        {workflow ? (
          <>
            <div className="segmented" role="group" aria-label="Launch mode">
              <button
                type="button"
                className="button button-small"
                aria-pressed={mode === 'single'}
                onClick={() => choose('single')}
              >
                One run
              </button>
              <button
                type="button"
                className="button button-small"
                aria-pressed={mode === 'batch'}
                onClick={() => choose('batch')}
              >
                Batch
              </button>
            </div>
            {mode === 'batch' ? (
              <Link to="/workflows/trends/$workflowId" params={{ workflowId: workflow.id }} className="small">
                Batches of {workflow.name} and their trend
              </Link>
            ) : null}
            <div ref={form}>
              {mode === 'batch' ? (
                <BatchForm key={workflow.id} workflow={workflow} />
              ) : (
                <LaunchFormView key={workflow.id} workflow={workflow} />
              )}
            </div>
          </>
        ) : (
          <p className="muted">Choose a workflow to start a run.</p>
        )}
        <RecentBatches />
      </div>
    </section>
  );
}
