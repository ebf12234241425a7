import type { VerdictOption } from './verdict-buttons';
import './verdicts.css';

/** The keys, in sight: "Focus a row: 1 Pass · 2 Fail · 0 clear · J / K next, previous row". */
export function VerdictKeysHint<V extends string>({ options }: { options: readonly VerdictOption<V>[] }) {
  return (
    <p className="verdict-keys small muted">
      Judge from the keyboard: focus a row, then{' '}
      {options.map((option) => (
        <span key={option.value}>
          <kbd>{option.key}</kbd> {option.label} ·{' '}
        </span>
      ))}
      <kbd>0</kbd> clear · <kbd>J</kbd> / <kbd>K</kbd> next / previous row
    </p>
  );
}
