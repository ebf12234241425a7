import { CopyButton } from '@/ui/copy-button';
import './header-proof.css';

const keep = { head: 10, tail: 8 };

/** A long value cut in the middle (ids differ at both ends), whole in its tooltip and its copy. */
export const middleEllipsis = (value: string, max = 22): string =>
  [...value].length <= max
    ? value
    : `${[...value].slice(0, keep.head).join('')}…${[...value].slice(-keep.tail).join('')}`;

export function ProofValue({ value, label }: { value: string | undefined; label: string }) {
  if (value === undefined) return <span className="muted">—</span>;
  const shown = middleEllipsis(value);
  return (
    <span className="proof-value" data-full={value}>
      <span className="mono" title={value}>
        {shown}
      </span>
      {shown !== value ? <CopyButton getText={() => value} label="Copy" ariaLabel={`Copy ${label}`} /> : null}
    </span>
  );
}
