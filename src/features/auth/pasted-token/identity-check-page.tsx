import { useState } from 'react';
import { useAuth } from '@/features/auth/auth-provider';
import { useSessionStore } from '@/features/auth/session-store';
import '@/features/auth/sign-in.css';

/**
 * Shown while the API is asked whose a pasted token is. Nothing of anyone's local data is open meanwhile; when the
 * API cannot be reached, the person may ask again or use another token.
 */
export function IdentityCheckPage() {
  const auth = useAuth();
  const session = useSessionStore((state) => state.session);
  const [retrying, setRetrying] = useState(false);
  if (session.status !== 'checking') return null;
  const { claimedName, problem } = session;
  const retry = () => {
    setRetrying(true);
    // Never rejects: a failed check is the page's message (see retryIdentityCheck in eslint.config.js).
    void auth.retryIdentityCheck().finally(() => setRetrying(false));
  };
  return (
    <main className="sign-in">
      <section className="sign-in-card" aria-labelledby="identity-check-title">
        <h1 id="identity-check-title">Assistant Console</h1>
        {problem && !retrying ? (
          <>
            <p role="alert" className="alert alert-error">
              {problem}
            </p>
            <div className="sign-in-oidc">
              <button type="button" className="button button-primary" onClick={retry}>
                Retry
              </button>{' '}
              <button type="button" className="button" onClick={() => auth.signOut()}>
                Use another token
              </button>
            </div>
          </>
        ) : (
          <p role="status">
            Checking who you are with the API… The token says <strong>{claimedName}</strong>; nothing of theirs opens
            until the API confirms it.
          </p>
        )}
      </section>
    </main>
  );
}
