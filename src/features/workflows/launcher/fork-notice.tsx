import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useLauncherStore } from './launcher-store';

/**
 * Above a form filled by "Run again with changes": which run it came from (a link), what being its fork means (the
 * new run records it as its parent, and compares with it), and how to start an unrelated run from the same fields.
 */
export function ForkNotice({ workflowId }: { workflowId: string }) {
  const forkOf = useLauncherStore((state) => (state.forkOf?.workflowId === workflowId ? state.forkOf : null));
  const forkForgotten = useLauncherStore((state) => state.forkForgotten);
  const [unlinkedFrom, setUnlinkedFrom] = useState<string | null>(null);
  const explained = useId();
  if (!forkOf) {
    return unlinkedFrom ? (
      <p className="muted small" role="status">
        Unlinked from the run of {unlinkedFrom}: the new run records no parent. The fields stay as they are.
      </p>
    ) : null;
  }
  const unlink = () => {
    setUnlinkedFrom(forkOf.label);
    forkForgotten();
  };
  return (
    <p className="muted small" role="status">
      A fork of{' '}
      <Link to="/workflows/runs/$runId" params={{ runId: forkOf.runId }}>
        the run of {forkOf.label}
      </Link>
      : change what you need.{' '}
      <span id={explained}>
        The new run records that run as its parent; its page links back to it and offers “Compare with parent”.
      </span>{' '}
      <button type="button" className="link-button" aria-describedby={explained} onClick={unlink}>
        Unlink: start an unrelated run
      </button>
    </p>
  );
}
