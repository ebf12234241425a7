import type { LineDiff } from '@/domain/diff/text-diff';

const sign = { same: ' ', removed: '−', added: '+' } as const;

/** A unified diff of two outputs: removed lines, then added ones, the changed words marked inside them. */
export function DiffView({ diff, label }: { diff: LineDiff; label: string }) {
  if (diff.identical) return <p className="muted small">Identical outputs.</p>;
  return (
    <div className="diff-view" role="group" aria-label={label}>
      <p className="small muted">
        <span className="diff-count-removed">−{diff.removed}</span>{' '}
        <span className="diff-count-added">+{diff.added}</span> lines
      </p>
      <pre className="diff-lines">
        {diff.lines.map((line, index) => (
          <div key={index} className={`diff-line diff-${line.op}`}>
            <span className="diff-sign" aria-hidden="true">
              {sign[line.op]}
            </span>
            <span className="visually-hidden">
              {line.op === 'same' ? '' : line.op === 'added' ? 'added: ' : 'removed: '}
            </span>
            {line.words
              ? line.words.map((part, at) =>
                  part.op === 'same' ? (
                    <span key={at}>{part.text}</span>
                  ) : part.op === 'added' ? (
                    <ins key={at}>{part.text}</ins>
                  ) : (
                    <del key={at}>{part.text}</del>
                  ),
                )
              : line.text || ' '}
          </div>
        ))}
      </pre>
    </div>
  );
}
