import { useState } from 'react';
import { useSessionStore } from './session-store';
import './session-expired.css';
import { failureMessage } from '@/domain/errors/describe-failure';

/**
 * Shown over the page when a renewal was refused. Nothing is taken away: the draft and the transcript stay on
 * screen (and in storage) while the person signs in again, and the sign-in brings them back to this page.
 */
export function SessionExpiredNotice({ onSignIn }: { onSignIn(): Promise<void> }) {
  const expired = useSessionStore((state) => state.session.status === 'signed-in' && state.session.expired === true);
  const [problem, setProblem] = useState<string | null>(null);
  if (!expired) return null;
  return (
    <div role="alert" className="session-expired alert alert-error">
      <p>
        <strong>Your session expired. Sign in again</strong> to go on; your draft and this conversation are kept.
      </p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => onSignIn().catch((error: unknown) => setProblem(failureMessage(error)))}
      >
        Sign in again
      </button>
      {problem ? <p className="small">Could not reach the identity provider: {problem}</p> : null}
    </div>
  );
}
