import type { ForwardedHeaders, RequestLogEntry } from '@/api/client/request-log';
import { outcomeOf } from './request-spec';
import '@/ui/kv-table.css';

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

function CustomHeaders({ forwarded }: { forwarded: ForwardedHeaders }) {
  return (
    <section>
      <h3>Custom headers{forwarded.profileName ? ` · profile “${forwarded.profileName}”` : ''}</h3>
      {forwarded.propagate ? (
        <table className="kv-table mono" aria-label="Resolved custom headers">
          <tbody>
            {forwarded.headers.map((header) => (
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
        <p className="muted small">
          Forwarding was off: no custom header was sent
          {forwarded.notSent.length ? ` (not sent: ${forwarded.notSent.join(', ')})` : ''}.
        </p>
      )}
    </section>
  );
}

/** Like DevTools' Headers tab: the general facts of the call, then what travelled each way. */
export function HeadersTab({ entry }: { entry: RequestLogEntry }) {
  const general: [string, string][] = [
    ['Request URL', entry.url],
    ['Method', entry.method],
    ['Status', outcomeOf(entry) || 'waiting'],
    ...(entry.requestId ? ([['Request ID', entry.requestId]] as [string, string][]) : []),
    ...(entry.traceId ? ([['Trace ID', entry.traceId]] as [string, string][]) : []),
    ...(entry.spanId ? ([['Span ID', entry.spanId]] as [string, string][]) : []),
  ];
  return (
    <>
      <section>
        <h3>General</h3>
        <HeaderTable headers={general} label="General" />
      </section>
      {entry.forwarded ? <CustomHeaders forwarded={entry.forwarded} /> : null}
      <section>
        <h3>Request headers</h3>
        <HeaderTable headers={entry.requestHeaders} label="Request headers" />
      </section>
      <section>
        <h3>Response headers</h3>
        <HeaderTable headers={entry.responseHeaders} label="Response headers" />
      </section>
    </>
  );
}
