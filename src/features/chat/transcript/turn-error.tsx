import type { ErrorDescription } from '@/domain/errors/describe-error';
import { RetryButton } from '@/ui/errors/retry-button';
import { ErrorWords } from '@/ui/errors/error-words';
import '@/ui/errors/error-words.css';

interface TurnErrorProps {
  error: ErrorDescription;
  busy: boolean;
  onRetry(): void;
  onEdit(): void;
  onSignIn(): void;
  onPickAssistant(): void;
  onPickModel(): void;
  /** The conversation is finished: the way on is a new chat (with this assistant), never asking here again. */
  finished?: { assistantName: string; onNewChat(): void } | undefined;
}

/** The failure, where it happened: our words, the server's words, the request id, one obvious next step. */
export function TurnError({
  error,
  busy,
  onRetry,
  onEdit,
  onSignIn,
  onPickAssistant,
  onPickModel,
  finished,
}: TurnErrorProps) {
  if (finished || error.action === 'new-chat') {
    return (
      <div role="alert" className="turn-error">
        <ErrorWords error={error} />
        {finished ? (
          <div className="row">
            <button type="button" className="button button-primary" onClick={finished.onNewChat}>
              Start a new chat with {finished.assistantName}
            </button>
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <div role="alert" className="turn-error">
      <ErrorWords error={error} />
      {error.connect?.length ? (
        <ul className="connect-prompts" aria-label="Integrations to connect">
          {error.connect.map((prompt) => (
            <li key={`${prompt.integration}:${prompt.settingId ?? ''}`} className="connect-prompt">
              <strong>{prompt.integration}</strong>: connect your {prompt.service} account in the platform, then retry.
            </li>
          ))}
        </ul>
      ) : null}
      <div className="row">
        {error.action === 'sign-in' ? (
          <button type="button" className="button button-primary" onClick={onSignIn}>
            Sign in again
          </button>
        ) : null}
        {error.action === 'pick-assistant' ? (
          <button type="button" className="button button-primary" onClick={onPickAssistant}>
            Pick another assistant
          </button>
        ) : null}
        {error.action === 'pick-model' ? (
          <button type="button" className="button button-primary" onClick={onPickModel}>
            Choose another model
          </button>
        ) : null}
        {/* The same assistant (or model) refused or missing: asking it again cannot succeed. */}
        {error.action === 'pick-assistant' || error.action === 'pick-model' ? null : (
          <RetryButton
            className={error.action === 'retry' ? 'button button-primary' : 'button'}
            disabled={busy}
            retryAt={error.retryAt}
            onRetry={onRetry}
          />
        )}
        <button type="button" className="button" disabled={busy} onClick={onEdit}>
          Edit question
        </button>
      </div>
    </div>
  );
}
