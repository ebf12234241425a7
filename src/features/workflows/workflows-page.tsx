import { Link } from '@tanstack/react-router';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { LaunchFormView } from './launch-form';
import { useLauncherStore } from './launcher-store';
import { WorkflowPicker } from './workflow-picker';

/** The launcher: pick a workflow on the left, fill in and start a run on the right. */
export function WorkflowsPage({ fallback }: { fallback: RuntimeConfig['fallbacks']['workflows'] }) {
  const workflow = useLauncherStore((state) => state.workflow);
  return (
    <section className="page" aria-labelledby="workflows-title">
      <header className="page-header row">
        <h1 id="workflows-title">Workflows</h1>
        <Link to="/workflows/runs" className="button button-small">
          Runs history
        </Link>
      </header>
      <div className="workflows-layout">
        <WorkflowPicker fallback={fallback} />
        {workflow ? <LaunchFormView key={workflow.id} workflow={workflow} /> : <p className="muted">Choose a workflow to start a run.</p>}
      </div>
    </section>
  );
}
