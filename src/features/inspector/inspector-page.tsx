import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { knownCatalogNames } from '@/api/catalog-names';
import { useState, type CSSProperties } from 'react';
import { fixedKey } from '@/lib/storage/storage-registry';
import { SplitResizer, useStoredSize, type SplitLimits } from '@/ui/split-resizer';
import { requestLogLimits, type RequestKind, type RequestLogEntry } from '@/api/client/request-log';
import { HarExport } from './har-export';
import { RequestDetail } from './request-detail';
import { RequestList } from './request-list';
import { matchesStatus, matchesText, type StatusFilter } from './request-spec';
import { useInspectedClient, useRequestLog } from './use-request-log';
import './inspector.css';

// The list's share of the width once a call is open; the details take the rest.
const splitLimits: SplitLimits = { min: 25, max: 75, initial: 55, step: 5, unit: '%' };

function exportLog(entries: unknown) {
  const url = URL.createObjectURL(
    new Blob(
      [
        JSON.stringify(
          { format: 'assistant-console/request-log', version: 1, exportedAt: new Date().toISOString(), entries },
          null,
          2,
        ),
      ],
      { type: 'application/json' },
    ),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = 'request-log.json';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A kind of call, all calls, or all but the catalog lists (the picker's searches, pages of workflows). */
type KindFilter = RequestKind | 'all' | 'calls';

const matchesKind = (entry: RequestLogEntry, kind: KindFilter) =>
  kind === 'all' || (kind === 'calls' ? entry.kind !== 'catalog' : entry.kind === kind);

/** Every API call of this tab, like a browser's network panel, with the token never shown. */
export function InspectorPage() {
  const client = useInspectedClient();
  const { log } = useRequestLog();
  const queryClient = useQueryClient();
  const baseUrl = client.baseUrl;
  const search: { entry?: string } = useSearch({ strict: false });
  const [kind, setKind] = useState<KindFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const split = useStoredSize(fixedKey('inspectorSplit'), splitLimits);
  const entries = [...log.entries()]
    .reverse()
    .filter((entry) => matchesKind(entry, kind) && matchesStatus(entry, status) && matchesText(entry, text));
  const selected = search.entry ? log.find(search.entry) : undefined;
  const chosen = log.entries().filter((entry) => picked.has(entry.id));
  const toggle = (id: string) =>
    setPicked((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });
  return (
    <section className="page inspector-page" aria-labelledby="inspector-title">
      <header className="page-header">
        <h1 id="inspector-title">Inspector</h1>
        <p className="muted small">
          Every API call this tab made. Kept in memory only, within bounds: at most {requestLogLimits.entries} calls and{' '}
          {requestLogLimits.totalChars / (1024 * 1024)} MB of bodies and streams (the oldest calls go first), bodies up
          to 256 KB, the first {requestLogLimits.chunksPerEntry.toLocaleString()} chunks of a stream. The access token
          is never recorded.
        </p>
        {log.dropped() > 0 ? (
          <p className="muted small" role="status">
            Showing the last {log.entries().length} calls; {log.dropped().toLocaleString()} older{' '}
            {log.dropped() === 1 ? 'one was' : 'ones were'} dropped to keep memory bounded.
          </p>
        ) : null}
        <div className="row">
          <label>
            Search calls{' '}
            <input
              type="search"
              value={text}
              placeholder="Request ID, trace ID, path or status"
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <label>
            Kind{' '}
            <select value={kind} onChange={(event) => setKind(event.target.value as KindFilter)}>
              <option value="all">All</option>
              <option value="calls">All but lists</option>
              <option value="assistant">Assistant calls</option>
              <option value="workflow">Workflow runs</option>
              <option value="catalog">Lists</option>
            </select>
          </label>
          <label>
            Status{' '}
            <select value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
              <option value="all">All</option>
              <option value="ok">Succeeded</option>
              <option value="error">Failed</option>
              <option value="open">In progress</option>
            </select>
          </label>
          <button
            type="button"
            className="button button-small"
            disabled={log.entries().length === 0}
            onClick={() => exportLog(log.entries())}
          >
            Export log (JSON)
          </button>
          <HarExport shown={entries} selected={chosen} />
          <button
            type="button"
            className="button button-small"
            disabled={log.entries().length === 0}
            onClick={() => log.clear()}
          >
            Clear
          </button>
        </div>
      </header>
      <div
        className={`inspector-layout${search.entry ? ' inspector-layout-open' : ''}`}
        style={search.entry ? ({ '--inspector-list-width': `${split.size}%` } as CSSProperties) : undefined}
      >
        <div className="inspector-list">
          <RequestList
            entries={entries}
            selectedId={selected?.id}
            picked={picked}
            onPick={toggle}
            names={knownCatalogNames(queryClient, baseUrl)}
            baseUrl={baseUrl}
          />
        </div>
        {search.entry ? (
          <SplitResizer
            className="inspector-resizer"
            label="Call list width"
            size={split.size}
            limits={splitLimits}
            onResize={split.setSize}
          />
        ) : null}
        <div className="inspector-detail">
          {selected ? (
            <RequestDetail key={selected.id} entry={selected} />
          ) : search.entry ? (
            <p role="alert">
              This call is no longer in the log (it keeps the latest calls within its bounds, and only until the tab
              closes).
            </p>
          ) : (
            <p className="muted">Choose a call to see its headers, body and response.</p>
          )}
        </div>
      </div>
    </section>
  );
}
