import {
  headerProof,
  proofSummary,
  receivedHeadersFrom,
  receivedHeadersIn,
  type ProofStatus,
} from '@/domain/headers/header-proof';
import type { ThoughtNode } from '@/domain/thoughts/thought-tree';
import type { ForwardedHeaders } from '@/api/client/request-log';
import { useClosedPanels } from './closed-panels-store';
import { ProofSetter } from './proof-setter';
import { ProofValue } from './proof-value';
import './header-proof.css';

const statusLabel: Record<ProofStatus, string> = {
  forwarded: 'forwarded',
  continued: 'passed on',
  changed: 'changed on the way',
  stripped: 'stripped by the platform',
  'not-received': 'not received',
  'not-sent': 'not sent',
  unverified: 'sent, not reported',
  added: 'added',
  'received-only': 'received, not sent',
};

// Icons carry the verdict at a glance on a projector; the words stay for everyone else.
const statusIcon: Record<ProofStatus, string> = {
  forwarded: '✓',
  continued: '→',
  changed: '≠',
  stripped: '⊘',
  'not-received': '✗',
  'not-sent': '–',
  unverified: '?',
  added: '+',
  'received-only': '+',
};

// Verdicts that need no reason under them: the row reads as expected, and stays one line high on a projector.
const quiet: ReadonlySet<ProofStatus> = new Set<ProofStatus>(['forwarded', 'continued', 'added', 'unverified']);

interface ProofProps {
  forwarded: ForwardedHeaders;
  /** Where a tool reports what it received: an answer's thoughts, or a run's state outputs. */
  thoughts?: readonly ThoughtNode[];
  outputs?: readonly string[];
  live: boolean;
  /** The turn or run shown: whether the reader closed the panel is kept under it. */
  stateKey: string;
  /** The X-Request-ID the console sent with the call: forwarded too, so it is proven like the rest. */
  requestId?: string | undefined;
  /** The trace of the call's traceparent: whether the tool server got it is proven too. */
  traceId?: string | undefined;
  /** What the panel proves, when not the call itself ("Headers of the resume"). */
  title?: string;
}

/** Sent vs received by the tool server, one row per header: the demo's proof, legible at a glance. */
export function HeaderProofPanel({
  forwarded,
  thoughts,
  outputs,
  live,
  stateKey,
  requestId,
  traceId,
  title = 'Headers',
}: ProofProps) {
  const closed = useClosedPanels((state) => state.closed[stateKey] === true);
  const toggled = useClosedPanels((state) => state.toggled);
  const received = thoughts ? receivedHeadersFrom(thoughts) : receivedHeadersIn(outputs ?? []);
  const rows = headerProof({
    sent: forwarded.headers,
    notSent: forwarded.notSent,
    received,
    requestId,
    traceId,
    profileName: forwarded.profileName,
  });
  if (rows.length === 0) return null;
  const mode = forwarded.propagate
    ? 'propagate_headers: true'
    : forwarded.notSent.length > 0
      ? 'forwarding off'
      : 'no header to forward';
  return (
    <details className="header-proof" open={!closed} onToggle={(event) => toggled(stateKey, event.currentTarget.open)}>
      <summary>
        {title}
        {forwarded.profileName ? ` · ${forwarded.profileName}` : ''} · {mode}
        {received === null ? (live ? ' · waiting for a tool to report' : ' · no tool reported what it received') : ''}
      </summary>
      {received !== null ? <p className="proof-summary">{proofSummary(rows)}</p> : null}
      <table className="proof-table">
        <colgroup>
          <col className="proof-col-name" />
          <col className="proof-col-value" />
          <col className="proof-col-value" />
          <col className="proof-col-verdict" />
          <col className="proof-col-setter" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Header</th>
            <th scope="col">Sent</th>
            <th scope="col">Received</th>
            <th scope="col">Verdict</th>
            <th scope="col">Set by</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-proof-status={row.status}>
              <th scope="row" className="mono" title={row.name}>
                {row.name}
              </th>
              <td data-label="Sent">
                <ProofValue value={row.sent} label={`the value sent as ${row.name}`} />
              </td>
              <td data-label="Received">
                <ProofValue value={row.received} label={`the value ${row.name} arrived with`} />
              </td>
              <td>
                <span className={`proof-status proof-${row.status}`} title={row.reason}>
                  <span aria-hidden="true">{statusIcon[row.status]} </span>
                  {statusLabel[row.status]}
                </span>
                {/* What arrived as expected needs no reason (it is in the tooltip); "not reported" is said once, in
                    the panel's summary line. */}
                {quiet.has(row.status) ? null : <span className="proof-reason muted small">{row.reason}</span>}
              </td>
              <td data-label="Set by">
                <ProofSetter provenance={row.setBy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
