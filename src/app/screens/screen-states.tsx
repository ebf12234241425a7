import type { ErrorComponentProps } from '@tanstack/react-router';
import { ScreenLoadError } from './screen-chunk';
import { failureMessage } from '@/domain/errors/describe-failure';

/**
 * While a screen's chunk is on its way (shown only if it takes a while): the screen's place, empty, so nothing around
 * it moves; a status for screen readers.
 */
export function ScreenPending() {
  return (
    <section className="page" aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading…
      </p>
    </section>
  );
}

/**
 * A screen that could not load: its chunk is gone (a deploy replaced it) or the network is down, which only loading
 * the page again mends; any other error keeps the house's "Could not show" with Try again.
 */
export function ScreenError({ error, reset }: ErrorComponentProps) {
  if (error instanceof ScreenLoadError)
    return (
      <section className="page">
        <div role="alert" className="alert alert-error">
          This part of the console could not load. Check the connection, then{' '}
          <button type="button" className="button button-small" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </section>
    );
  return (
    <section className="page">
      <div role="alert" className="alert alert-error">
        Could not show this screen: {failureMessage(error)}.{' '}
        <button type="button" className="button button-small" onClick={reset}>
          Try again
        </button>
      </div>
    </section>
  );
}
