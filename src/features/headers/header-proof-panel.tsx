import { headerProof, receivedHeadersFrom, receivedHeadersIn, type ProofStatus } from '@/domain/headers/header-proof';
import type { ThoughtNode } from '@/domain/thought-tree';
import type { ForwardedHeaders } from '@/api/request-log';
import { create } from 'zustand';

/** Panels the reader closed, by turn or run: a virtualized transcript unmounts rows and must not reopen them. */
const useClosedPanels = create<{ closed: Readonly<Record<string, true>>; toggled(key: string, open: boolean): void }>((set) => ({
  closed: {},
  toggled: (key, open) =>
    set((state) => {
      const { [key]: _, ...rest } = state.closed;
      return { closed: open ? rest : { ...rest, [key]: true } };
    }),
}));

const statusLabel: Record<ProofStatus, string> = {
  forwarded: 'forwarded',
  changed: 'changed on the way',
  stripped: 'stripped by the platform',
  'not-received': 'not received',
  'not-sent': 'not sent',
  unverified: 'sent, not reported',
  'received-only': 'received, not sent',
};

interface ProofProps {
  forwarded: ForwardedHeaders;
  /** Where a tool reports what it received: an answer's thoughts, or a run's state outputs. */
  thoughts?: readonly ThoughtNode[];
  outputs?: readonly string[];
  live: boolean;
  /** The turn or run shown: whether the reader closed the panel is kept under it. */
  stateKey: string;
}

/** Sent vs received by the tool server, one row per header: the demo's proof, legible at a glance. */
export function HeaderProofPanel({ forwarded, thoughts, outputs, live, stateKey }: ProofProps) {
  const closed = useClosedPanels((state) => state.closed[stateKey] === true);
  const received = thoughts ? receivedHeadersFrom(thoughts) : receivedHeadersIn(outputs ?? []);
  const rows = headerProof({ sent: forwarded.headers, notSent: forwarded.notSent, received });
  if (rows.length === 0) return null;
  return (
    <details className="header-proof" open={!closed} onToggle={(event) => useClosedPanels.getState().toggled(stateKey, event.currentTarget.open)}>
      <summary>
        Headers{forwarded.profileName ? ` · ${forwarded.profileName}` : ''} · {forwarded.propagate ? 'propagate_headers: true' : 'forwarding off'}
        {received === null ? (live ? ' · waiting for a tool to report' : ' · no tool reported what it received') : ''}
      </summary>
      <table className="proof-table">
        <thead>
          <tr>
            <th scope="col">Header</th>
            <th scope="col">Sent</th>
            <th scope="col">Received by the tool server</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-proof-status={row.status}>
              <th scope="row" className="mono">
                {row.name}
              </th>
              <td className="mono">{row.sent ?? '—'}</td>
              <td className="mono">{row.received ?? '—'}</td>
              <td>
                <span className={`proof-status proof-${row.status}`}>{statusLabel[row.status]}</span>
                <span className="proof-reason muted small">{row.reason}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
