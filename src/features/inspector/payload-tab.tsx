import type { RequestLogEntry } from '@/api/client/request-log';
import { prettyJson } from '@/domain/thoughts/thought-details';
import '@/ui/kv-table.css';

function queryOf(url: string): [string, string][] {
  try {
    return [...new URL(url).searchParams.entries()];
  } catch {
    return [];
  }
}

/** What the call carried: its query parameters and its body, JSON pretty-printed. */
export function PayloadTab({ entry }: { entry: RequestLogEntry }) {
  const query = queryOf(entry.url);
  if (query.length === 0 && entry.requestBody === undefined)
    return <p className="muted small">This call sent no query parameters and no body.</p>;
  return (
    <>
      {query.length > 0 ? (
        <section>
          <h3>Query string parameters</h3>
          <table className="kv-table mono" aria-label="Query string parameters">
            <tbody>
              {query.map(([name, value], index) => (
                <tr key={`${name}-${index}`}>
                  <th scope="row">{name}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {entry.requestBody !== undefined ? (
        <section>
          <h3>Request body</h3>
          <pre className="pre-block" aria-label="Request body" tabIndex={0}>
            {prettyJson(entry.requestBody).text}
          </pre>
        </section>
      ) : null}
    </>
  );
}
