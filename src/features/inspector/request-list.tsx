import { Link } from '@tanstack/react-router';
import type { RequestLogEntry } from '@/api/client/request-log';
import { namedPath } from '@/domain/calls/call-label';
import { outcomeOf, pathBelowBase } from './request-spec';

const time = (epochMs: number) =>
  new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Newest first, like a network panel: method, path, status, duration, forwarded headers. */
export function RequestList({
  entries,
  selectedId,
  picked,
  onPick,
  names,
  baseUrl,
}: {
  entries: readonly RequestLogEntry[];
  selectedId: string | undefined;
  /** The calls ticked for export. */
  picked: ReadonlySet<string>;
  onPick(id: string): void;
  names: ReadonlyMap<string, string>;
  baseUrl: string;
}) {
  if (entries.length === 0)
    return <p className="muted">No call matches. Ask an assistant or open a list, and it appears here.</p>;
  return (
    <table className="request-table" aria-label="Calls">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Kind</th>
          <th scope="col">Request</th>
          <th scope="col">Status</th>
          <th scope="col">Duration</th>
          <th scope="col" title="Custom X-* headers sent">
            X-*
          </th>
          <th scope="col">
            <span className="visually-hidden">Select for export</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const failed = entry.state === 'failed' || (entry.status ?? 0) >= 400;
          const path = pathBelowBase(entry.url, baseUrl);
          return (
            <tr
              key={entry.id}
              aria-selected={entry.id === selectedId}
              className={failed ? 'request-failed' : undefined}
            >
              <td className="mono small">{time(entry.startedAt)}</td>
              <td className="small">{entry.kind}</td>
              <td className="mono" title={`${entry.method} ${entry.url}`}>
                <Link
                  to="/inspector"
                  search={(previous) => ({ ...previous, entry: entry.id })}
                  aria-label={`${entry.method} ${path} at ${time(entry.startedAt)}`}
                >
                  {entry.method} {namedPath(path, names)}
                </Link>
              </td>
              <td className="mono">{outcomeOf(entry)}</td>
              <td className="mono small">{entry.durationMs !== undefined ? `${entry.durationMs} ms` : '…'}</td>
              <td className="mono small">{entry.forwarded?.propagate ? entry.forwarded.headers.length : '—'}</td>
              <td>
                <input
                  type="checkbox"
                  checked={picked.has(entry.id)}
                  aria-label={`Select ${entry.method} ${path} at ${time(entry.startedAt)} for export`}
                  onChange={() => onPick(entry.id)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
