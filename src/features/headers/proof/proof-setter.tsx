import type { Provenance, Setter } from '@/domain/headers/header-provenance';

// Short, under the column's "Set by": a badge a projector shows at a glance.
const setterLabel: Record<Setter, string> = {
  you: 'you',
  console: 'console',
  platform: 'platform',
  'mcp-client': 'MCP client',
  unknown: 'unknown',
};

/**
 * Who set a header: a badge a projector shows at a glance, then the detail (which row, which template), whole: it
 * wraps in its cell rather than being cut.
 */
export function ProofSetter({ provenance }: { provenance: Provenance }) {
  return (
    <span className="proof-setter" data-setter={provenance.by}>
      <span className={`proof-setter-badge proof-setter-${provenance.by}`}>{setterLabel[provenance.by]}</span>
      <span className="proof-setter-detail muted small"> {provenance.detail}</span>
    </span>
  );
}
