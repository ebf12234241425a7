import { Button } from '@/ui/button';
import './verdicts.css';

export interface VerdictOption<V extends string> {
  value: V;
  label: string;
  /** The digit that sets it on a focused row. */
  key: number;
}

/**
 * Toggle buttons for a row's verdict, labelled with the row ("Row 3: pass"); the pressed one is the verdict, and
 * pressing it again takes it away. Each names its key, so the keyboard way is in sight.
 */
export function VerdictButtons<V extends string>({
  options,
  value,
  rowName,
  onChange,
}: {
  options: readonly VerdictOption<V>[];
  value: V | undefined;
  rowName: string;
  onChange(value: V | null): void;
}) {
  return (
    <span role="group" aria-label={`Verdict on ${rowName}`} className="verdict-buttons">
      {options.map((option) => (
        <Button
          key={option.value}
          size="small"
          variant="quiet"
          className={`verdict-${option.value}`}
          aria-pressed={value === option.value}
          aria-keyshortcuts={String(option.key)}
          title={`${option.label} (key ${option.key})`}
          onClick={() => onChange(value === option.value ? null : option.value)}
        >
          {option.label}
        </Button>
      ))}
    </span>
  );
}

export const passOptions: readonly VerdictOption<'pass' | 'fail'>[] = [
  { value: 'pass', label: 'Pass', key: 1 },
  { value: 'fail', label: 'Fail', key: 2 },
];

export const pairOptions: readonly VerdictOption<'better' | 'same' | 'worse'>[] = [
  { value: 'better', label: 'Better', key: 1 },
  { value: 'same', label: 'Same', key: 2 },
  { value: 'worse', label: 'Worse', key: 3 },
];

/** The verdict a digit sets, null for 0 (take it away), undefined for a digit that sets nothing. */
export function verdictOfKey<V extends string>(
  options: readonly VerdictOption<V>[],
  digit: number,
): V | null | undefined {
  if (digit === 0) return null;
  return options.find((option) => option.key === digit)?.value;
}
