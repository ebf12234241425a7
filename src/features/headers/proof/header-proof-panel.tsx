import {
  headerProof,
  proofSummary,
  proofVerdict,
  receivedHeadersFrom,
  receivedHeadersIn,
} from '@/domain/headers/header-proof';
import type { ThoughtNode } from '@/domain/thoughts/thought-tree';
import { headerMismatches, toolArgumentsOf } from '@/domain/headers/mcp-headers';
import type { ForwardedHeaders } from '@/api/client/request-log';
import { useProofPanels } from './proof-panels-store';
import { ProofTable } from './proof-table';
import './header-proof.css';

interface ProofProps {
  forwarded: ForwardedHeaders;
  /** Where a tool reports what it received: an answer's thoughts, or a run's state outputs. */
  thoughts?: readonly ThoughtNode[];
  outputs?: readonly string[];
  live: boolean;
  /** The turn or run shown: whether the reader opened or closed the panel is kept under it. */
  stateKey: string;
  /** The X-Request-ID the console sent with the call: forwarded too, so it is proven like the rest. */
  requestId?: string | undefined;
  /** The trace of the call's traceparent: whether the tool server got it is proven too. */
  traceId?: string | undefined;
  /** What the panel proves, when not the call itself ("Headers of the resume"). */
  title?: string;
  /**
   * Open until the reader closes it (a run's one panel), or a one-line summary until they open it (on every turn of a
   * chat, under answers whose tools may report nothing).
   */
  openAtFirst?: boolean;
}

const count = (headers: number) => `${headers} header${headers === 1 ? '' : 's'}`;

/** What went out: "2 headers sent", "forwarding off: 1 header not sent". */
function sentWords(forwarded: ForwardedHeaders): string {
  if (forwarded.propagate) return `${count(forwarded.headers.length)} sent`;
  return forwarded.notSent.length > 0
    ? `forwarding off: ${count(forwarded.notSent.length)} not sent`
    : 'no header to forward';
}

/**
 * Sent vs received by the tool server, one row per header: the demo's proof, legible at a glance. Its summary line
 * says what was sent and what came of it, so a closed panel still tells whether anything needs a look.
 */
export function HeaderProofPanel({
  forwarded,
  thoughts,
  outputs,
  live,
  stateKey,
  requestId,
  traceId,
  title = 'Headers',
  openAtFirst = true,
}: ProofProps) {
  const open = useProofPanels((state) => state.chosen[stateKey] ?? openAtFirst);
  const toggled = useProofPanels((state) => state.toggled);
  const received = thoughts ? receivedHeadersFrom(thoughts) : receivedHeadersIn(outputs ?? []);
  const refusals = thoughts ? headerMismatches(thoughts) : [];
  const rows = headerProof({
    toolArgs: thoughts ? toolArgumentsOf(thoughts) : [],
    sent: forwarded.headers,
    notSent: forwarded.notSent,
    received,
    requestId,
    traceId,
    profileName: forwarded.profileName,
  });
  if (rows.length === 0 && refusals.length === 0) return null;
  const verdict =
    received === null
      ? { text: live ? 'waiting for a tool to report' : 'no tool reported what it received', toLookAt: false }
      : proofVerdict(rows);
  return (
    <details
      className="header-proof"
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open !== open) toggled(stateKey, event.currentTarget.open);
      }}
    >
      <summary>
        <span className="header-proof-title">{title}</span>
        {forwarded.profileName ? ` · ${forwarded.profileName}` : ''} · {sentWords(forwarded)}
        {verdict.text ? (
          <span className={verdict.toLookAt ? 'header-proof-look' : 'muted'}> · {verdict.text}</span>
        ) : null}
      </summary>
      {received !== null ? <p className="proof-summary">{proofSummary(rows)}</p> : null}
      {forwarded.propagate ? (
        <p className="muted small proof-mode">
          Sent with <code>propagate_headers: true</code>.
        </p>
      ) : null}
      {refusals.map((refusal) => (
        <p key={refusal.tool} className="proof-refusal" role="note">
          <strong>{refusal.tool}</strong> failed because the tool server refused its headers: {refusal.reason}
        </p>
      ))}
      <ProofTable rows={rows} />
    </details>
  );
}
