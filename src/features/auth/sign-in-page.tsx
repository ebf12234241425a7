import { useState, type FormEvent } from 'react';
import { useAuth } from './auth-provider';
import { useSessionStore } from './session-store';
import './sign-in.css';

export function SignInPage() {
  const auth = useAuth();
  const session = useSessionStore((state) => state.session);
  const [redirecting, setRedirecting] = useState(false);
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);
  const sessionError = session.status === 'signed-out' ? session.error : undefined;
  const providerLabel = auth.providerName ?? (auth.authority ? new URL(auth.authority).host : 'your identity provider');

  const finishSignOut = () => {
    setRedirecting(true);
    setRedirectError(null);
    auth.finishProviderSignOut().catch((error: unknown) => {
      setRedirecting(false);
      setRedirectError(
        `Could not reach ${providerLabel} to finish signing out: ${error instanceof Error ? error.message : 'unknown error'}`,
      );
    });
  };

  const signIn = () => {
    setRedirecting(true);
    setRedirectError(null);
    auth.signIn().catch((error: unknown) => {
      setRedirecting(false);
      setRedirectError(
        `Could not reach the identity provider at ${auth.authority ?? ''}: ${error instanceof Error ? error.message : 'unknown error'}`,
      );
    });
  };

  const submitToken = (event: FormEvent) => {
    event.preventDefault();
    setTokenError(auth.acceptPastedToken(token));
  };

  return (
    <main className="sign-in">
      <section className="sign-in-card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Assistant Console</h1>
        {sessionError ? (
          <p role="alert" className="alert alert-error">
            {sessionError}
          </p>
        ) : null}
        {auth.oidcEnabled && auth.providerSignOutUnfinished() ? (
          <section className="sign-in-finish" aria-labelledby="finish-sign-out-title">
            <h2 id="finish-sign-out-title">One step left: finish signing out at {providerLabel}</h2>
            <p>
              Its page asked whether to log out and was not answered, so its session may still be open in this browser.
              The console is signed out either way, and the next sign-in here asks for a password.
            </p>
            <button type="button" className="button" onClick={finishSignOut} disabled={redirecting}>
              Finish signing out at {providerLabel}
            </button>
          </section>
        ) : null}
        {auth.oidcEnabled ? (
          <div className="sign-in-oidc">
            <p>
              Sign in with <strong>{providerLabel}</strong>
              {auth.authority ? <span className="muted mono"> ({auth.authority})</span> : null}.
            </p>
            <button type="button" className="button button-primary" onClick={signIn} disabled={redirecting}>
              {redirecting ? 'Redirecting…' : 'Sign in'}
            </button>
            {redirectError ? (
              <p role="alert" className="alert alert-error">
                {redirectError}
              </p>
            ) : null}
          </div>
        ) : null}
        {auth.tokenPasteEnabled ? (
          <details className="sign-in-token" open={!auth.oidcEnabled}>
            <summary>Use an access token (service accounts)</summary>
            <form onSubmit={submitToken} noValidate>
              <label htmlFor="access-token">Access token</label>
              <textarea
                id="access-token"
                className="mono"
                rows={4}
                value={token}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={tokenError ? true : undefined}
                aria-describedby="access-token-help"
                onChange={(event) => setToken(event.target.value)}
              />
              <p id="access-token-help" className="muted">
                A JWT from your identity provider, e.g. from a client-credentials grant. It is kept for this tab only.
              </p>
              {tokenError ? (
                <p role="alert" className="field-error">
                  {tokenError}
                </p>
              ) : null}
              <button type="submit" className="button">
                Use token
              </button>
            </form>
          </details>
        ) : null}
      </section>
    </main>
  );
}
