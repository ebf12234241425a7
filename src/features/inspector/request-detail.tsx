import type { RequestLogEntry } from '@/api/request-log';
import { toCurl, toFetch } from '@/domain/curl';
import { prettyJson } from '@/domain/thought-details';
import { CopyButton } from '@/ui/copy-button';
import { outcomeOf, requestSpecOf } from './request-spec';

function HeaderTable({ headers, label }: { headers: readonly (readonly [string, string])[]; label: string }) {
  if (headers.length === 0) return <p className="muted small">None.</p>;
  return (
    <table className="kv-table mono" aria-label={label}>
      <tbody>
        {headers.map(([name, value], index) => (
          <tr key={`${name}-${index}`}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const shown = (text: string) => prettyJson(text).text;

/** One call: what went out (token hidden), what came back, and ways to run it again outside the console. */
export function RequestDetail({ entry }: { entry: RequestLogEntry }) {
  const spec = requestSpecOf(entry);
  return (
    <article className="request-detail" aria-label="Request details">
      <header className="row">
        <h2 className="mono request-title">
          {entry.method} {entry.url}
        </h2>
      </header>
      <p className="mono small">
        {outcomeOf(entry)}
        {entry.durationMs !== undefined ? ` · ${entry.durationMs} ms` : ''} · {new Date(entry.startedAt).toLocaleString()}
        {entry.error ? ` · ${entry.error}` : ''}
      </p>
      {entry.requestId ? <p className="mono small">Request ID: {entry.requestId}</p> : null}
      <div className="row">
        <CopyButton label="Copy as curl" getText={() => toCurl(spec)} />
        <CopyButton label="Copy as fetch" getText={() => toFetch(spec)} />
      </div>
      <p className="muted small">
        The token is written as <code>$ACCESS_TOKEN</code>: set it first, e.g. <code>export ACCESS_TOKEN=…</code>.
      </p>
      {entry.forwarded ? (
        <section>
          <h3>Custom headers{entry.forwarded.profileName ? ` · profile “${entry.forwarded.profileName}”` : ''}</h3>
          {entry.forwarded.propagate ? (
            <table className="kv-table mono" aria-label="Resolved custom headers">
              <tbody>
                {entry.forwarded.headers.map((header) => (
                  <tr key={header.name}>
                    <th scope="row">{header.name}</th>
                    <td>
                      {header.value}
                      {header.template !== header.value ? <span className="muted"> ← {header.template}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted small">Forwarding was off: no custom header was sent{entry.forwarded.notSent.length ? ` (not sent: ${entry.forwarded.notSent.join(', ')})` : ''}.</p>
          )}
        </section>
      ) : null}
      <section>
        <h3>Request headers</h3>
        <HeaderTable headers={entry.requestHeaders} label="Request headers" />
      </section>
      {entry.requestBody !== undefined ? (
        <section>
          <h3>Request body</h3>
          <pre className="pre-block">{shown(entry.requestBody)}</pre>
        </section>
      ) : null}
      <section>
        <h3>Response headers</h3>
        <HeaderTable headers={entry.responseHeaders} label="Response headers" />
      </section>
      <ResponseBody entry={entry} />
    </article>
  );
}

function ResponseBody({ entry }: { entry: RequestLogEntry }) {
  if (entry.stream) {
    const { chunks, droppedChunks, wire } = entry.stream;
    return (
      <section>
        <h3>
          Stream ({wire}) · {chunks.length + droppedChunks} chunk{chunks.length + droppedChunks === 1 ? '' : 's'}
        </h3>
        {droppedChunks ? <p className="field-warning">Only the first {chunks.length} chunks are kept here; {droppedChunks} more arrived.</p> : null}
        <ol className="stream-chunks mono small" aria-label="Stream chunks" tabIndex={0}>
          {chunks.map((chunk, index) => (
            <li key={index} className={chunk.malformed ? 'chunk-malformed' : undefined}>
              <span className="muted">+{chunk.at} ms</span> {chunk.text}
            </li>
          ))}
        </ol>
      </section>
    );
  }
  if (entry.responseBody === undefined) return null;
  return (
    <section>
      <h3>Response body</h3>
      {entry.responseTruncated ? <p className="field-warning">Cut at 256 KB.</p> : null}
      <pre className="pre-block" aria-label="Response body">
        {shown(entry.responseBody)}
      </pre>
    </section>
  );
}
