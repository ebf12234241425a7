import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { RequestLogEntry } from '@/api/client/request-log';
import { commandVariables, toCurl, toFetch } from '@/domain/calls/curl';
import { useSecretsForCopy } from '@/features/headers';
import { CopyButton } from '@/ui/copy-button';
import { isDetailTab, useDetailTab, type DetailTab } from './detail-tab';
import { HeadersTab } from './headers-tab';
import { PayloadTab } from './payload-tab';
import { outcomeOf, requestSpecOf } from './request-spec';
import { ResponseTab } from './response-tab';
import { TimingTab } from './timing-tab';

const tabs: { id: DetailTab; label: string; Panel: (props: { entry: RequestLogEntry }) => ReactNode }[] = [
  { id: 'headers', label: 'Headers', Panel: HeadersTab },
  { id: 'payload', label: 'Payload', Panel: PayloadTab },
  { id: 'response', label: 'Response', Panel: ResponseTab },
  { id: 'timing', label: 'Timing', Panel: TimingTab },
];

/** One call, in DevTools' tabs: what went out (token hidden), what came back, when, and ways to run it again. */
export function RequestDetail({ entry }: { entry: RequestLogEntry }) {
  const spec = requestSpecOf(entry);
  const [tab, chooseTab] = useDetailTab();
  const secretsFor = useSecretsForCopy();
  const secretVariables = commandVariables(spec).filter((name) => name !== 'ACCESS_TOKEN');
  return (
    <article className="request-detail" aria-label="Request details">
      <header className="request-detail-header">
        <h2 className="mono request-title">
          {entry.method} {entry.url}
        </h2>
        <p className="mono small">
          {outcomeOf(entry)}
          {entry.durationMs !== undefined ? ` · ${entry.durationMs} ms` : ''} ·{' '}
          {new Date(entry.startedAt).toLocaleString()}
          {entry.error ? ` · ${entry.error}` : ''}
        </p>
        {entry.requestId ? <p className="mono small">Request ID: {entry.requestId}</p> : null}
        {entry.traceId ? <p className="mono small">Trace ID: {entry.traceId}</p> : null}
        <div className="row">
          <CopyButton label="Copy as curl" getText={() => toCurl(spec)} />
          <CopyButton label="Copy as fetch" getText={() => toFetch(spec)} />
          {secretVariables.length > 0 ? (
            <CopyButton
              label="Copy with secrets"
              getText={() => toCurl(spec, secretsFor(entry.forwarded?.profileName))}
            />
          ) : null}
          <span className="muted small">
            The token is written as <code>$ACCESS_TOKEN</code>
            {secretVariables.length > 0 ? (
              <> and secret headers as {secretVariables.map((name) => `$${name}`).join(', ')}</>
            ) : null}
            : set it first, e.g. <code>export ACCESS_TOKEN=…</code>.
          </span>
        </div>
      </header>
      <Tabs selectedKey={tab} onSelectionChange={(key) => isDetailTab(key) && chooseTab(key)}>
        <TabList className="detail-tabs" aria-label="Call details">
          {tabs.map(({ id, label }) => (
            <Tab key={id} id={id} className="detail-tab">
              {label}
            </Tab>
          ))}
        </TabList>
        {tabs.map(({ id, Panel }) => (
          <TabPanel key={id} id={id} className="detail-panel">
            <Panel entry={entry} />
          </TabPanel>
        ))}
      </Tabs>
    </article>
  );
}
