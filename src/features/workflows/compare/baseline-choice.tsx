import { useId } from 'react';
import { counts } from '@/domain/workflows/batches/batch';
import { batchTime } from '@/domain/workflows/batches/batch-name';
import type { BatchRecord } from '@/features/workflows/batches/batch-record';

/** What a batch is known by in a list of choices: its name, when it started, its size and how it went. */
export const batchChoiceLabel = (record: BatchRecord) => {
  const tally = counts(record.batch);
  const name = record.name ? `“${record.name}” · ` : '';
  return `${name}${batchTime(record)} · ${tally.total} rows · ${tally.succeeded} succeeded, ${tally.failed} failed`;
};

/** A select of the batches that may serve as the baseline (the caller has kept only finished ones of the workflow). */
export function BaselineChoice({
  options,
  value,
  onChoose,
  placeholder,
}: {
  options: readonly BatchRecord[];
  value: string | undefined;
  onChoose(id: string): void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <span className="field batch-baseline-choice">
      <label htmlFor={id}>Baseline</label>
      <select id={id} value={value ?? ''} onChange={(event) => event.target.value && onChoose(event.target.value)}>
        {value === undefined ? <option value="">{placeholder ?? 'Choose a finished batch…'}</option> : null}
        {options.map((record) => (
          <option key={record.id} value={record.id}>
            {batchChoiceLabel(record)}
          </option>
        ))}
      </select>
    </span>
  );
}
