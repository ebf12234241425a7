import type { ProofRow, ProofStatus } from '@/domain/headers/header-proof';
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

/** One row per header: what was sent, what the tool server received, the verdict and who set it. */
export function ProofTable({ rows }: { rows: readonly ProofRow[] }) {
  return (
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
              {row.decoded !== undefined ? (
                <span className="proof-decoded small">
                  decoded: <span className="mono">{row.decoded}</span>
                </span>
              ) : null}
            </td>
            <td>
              <span className={`proof-status proof-${row.status}`} title={row.reason}>
                <span aria-hidden="true">{statusIcon[row.status]}&nbsp;</span>
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
  );
}
