import { useState } from 'react';
import type { RequestLogEntry } from '@/api/client/request-log';
import { buildHar, type HarMode } from '@/domain/calls/har';
import { useSecretsForCopy } from '@/features/headers';
import '@/ui/confirm-inline.css';

const creator = { name: 'Assistant Console', version: '1' };

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileName = (sensitive: boolean) =>
  `inspector-calls-${new Date().toISOString().replace(/[:.]/g, '-')}${sensitive ? '-with-sensitive-data' : ''}.har`;

const countOf = (count: number) => `${count} call${count === 1 ? '' : 's'}`;

/**
 * HAR export of the calls shown (as filtered) or of the ones selected: sanitized by default; with the secret header
 * values only as a separate action, confirmed after it says what the file will hold.
 */
export function HarExport({
  shown,
  selected,
}: {
  shown: readonly RequestLogEntry[];
  selected: readonly RequestLogEntry[];
}) {
  const secretsFor = useSecretsForCopy();
  const [confirming, setConfirming] = useState(false);
  const calls = selected.length > 0 ? selected : shown;
  const which = selected.length > 0 ? `${countOf(calls.length)} selected` : `${countOf(calls.length)} shown`;
  const secretsOf = (call: RequestLogEntry) => secretsFor(call.forwarded?.profileName);
  const save = (mode: HarMode<RequestLogEntry>) =>
    download(JSON.stringify(buildHar(calls, mode, creator), null, 2), fileName(mode.sensitive));
  const secretNames = [...new Set(calls.flatMap((call) => call.secretHeaders ?? []))];
  return (
    <>
      <button
        type="button"
        className="button button-small"
        disabled={calls.length === 0}
        onClick={() =>
          save({
            sensitive: false,
            secretValues: [...new Set(calls.flatMap((call) => Object.values(secretsOf(call))))],
          })
        }
      >
        Export HAR ({which})
      </button>
      <button
        type="button"
        className="button button-small"
        disabled={calls.length === 0}
        onClick={() => setConfirming(true)}
      >
        Export with sensitive data…
      </button>
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-label="Export with sensitive data">
          <p>
            The HAR of the {which} will hold the values of their secret headers
            {secretNames.length > 0 ? ` (${secretNames.join(', ')})` : ''}, read from the profiles they were sent with,
            and the credential-like headers and token-looking values the sanitized export redacts. Anyone with the file
            can use them: keep it like a password. The access token is never included (the console does not record it);
            what servers echoed back stays masked.
          </p>
          <div className="row">
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => {
                save({ sensitive: true, secretsOf });
                setConfirming(false);
              }}
            >
              Export with sensitive data
            </button>
            <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
