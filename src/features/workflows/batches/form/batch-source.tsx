import { useId, useState, type ChangeEvent } from 'react';
import type { BatchInput } from '@/domain/workflows/batches/batch';
import { guessInputColumn, guessTagsColumn } from '@/domain/workflows/batches/batch-draft';
import { parseCsv } from '@/domain/workflows/batches/csv';
import { describeFailure } from '@/domain/errors/describe-failure';
import { batchDraftLimit, type BatchFormDraft } from './batch-draft-store';
import { CsvPreview } from './csv-preview';
import '@/features/workflows/batches/batches.css';

// A bigger file is rarely meant; one over the draft's limit is run from this page but not kept for a reload (the
// tab's storage keeps its room for the sign-in's tokens).
const maxCsvBytes = 2 * 1024 * 1024;

interface BatchSourceProps {
  draft: BatchFormDraft;
  header: readonly string[];
  /** What the batch would run, as read from the source. */
  inputs: readonly BatchInput[];
  onChange(change: Partial<BatchFormDraft>): void;
}

/** Where the batch's inputs come from: pasted lines, or a CSV file with a chosen input column (and tags column). */
export function BatchSource({ draft, header, inputs, onChange }: BatchSourceProps) {
  const id = useId();
  const count = inputs.length;
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > maxCsvBytes) {
      setFileProblem(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a batch file may be at most 2 MB.`);
      return;
    }
    setFileProblem(null);
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      // A file moved, deleted or locked after it was picked cannot be read: said where the file was chosen.
      setFileProblem(`${file.name} could not be read (${describeFailure(error)}). Choose it again.`);
      return;
    }
    const parsed = parseCsv(text);
    // Columns named as people name them ("input", "tags") are taken at once; the selects below change them.
    const inputColumn = parsed.ok ? guessInputColumn(parsed.header) : 0;
    onChange({
      csv: { fileName: file.name, text },
      inputColumn,
      tagsColumn: parsed.ok ? guessTagsColumn(parsed.header, inputColumn) : -1,
    });
  };
  return (
    <fieldset className="field batch-source">
      <legend>Inputs</legend>
      <div className="row" role="radiogroup" aria-label="Inputs from">
        <label className="row">
          <input
            type="radio"
            name={`${id}-source`}
            checked={draft.source === 'lines'}
            onChange={() => onChange({ source: 'lines' })}
          />
          Pasted lines
        </label>
        <label className="row">
          <input
            type="radio"
            name={`${id}-source`}
            checked={draft.source === 'csv'}
            onChange={() => onChange({ source: 'csv' })}
          />
          CSV file
        </label>
      </div>
      {draft.source === 'lines' ? (
        <label className="field">
          <span>One input per line</span>
          <textarea
            rows={6}
            value={draft.lines}
            placeholder={'First document to summarize\nSecond document…'}
            onChange={(event) => onChange({ lines: event.target.value })}
          />
        </label>
      ) : (
        <div className="field">
          <label className="button button-small file-button">
            {draft.csv ? `Replace ${draft.csv.fileName}` : 'Load CSV…'}
            <input
              type="file"
              accept=".csv,text/csv"
              className="visually-hidden"
              aria-label="CSV file"
              onChange={(event) => void load(event)}
            />
          </label>
          {draft.csv && draft.csv.text.length > batchDraftLimit.maxChars ? (
            <p className="muted small" role="status">
              {draft.csv.fileName} is over {batchDraftLimit.limitWords}: it is used from this page but not kept for a
              reload.
            </p>
          ) : null}
          {fileProblem ? (
            <p className="field-error" role="alert">
              {fileProblem}
            </p>
          ) : null}
          {header.length > 0 ? (
            <div className="row">
              <label className="field">
                <span>Input column</span>
                <select
                  value={draft.inputColumn}
                  onChange={(event) => onChange({ inputColumn: Number(event.target.value) })}
                >
                  {header.map((name, index) => (
                    <option key={index} value={index}>
                      {name || `Column ${index + 1}`}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>Tags column</span>
                <select
                  value={draft.tagsColumn}
                  onChange={(event) => onChange({ tagsColumn: Number(event.target.value) })}
                >
                  <option value={-1}>None</option>
                  {header.map((name, index) => (
                    <option key={index} value={index}>
                      {name || `Column ${index + 1}`}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ) : null}
          <CsvPreview inputs={inputs} tagsColumn={draft.tagsColumn >= 0 ? (header[draft.tagsColumn] ?? null) : null} />
        </div>
      )}
      <p className="muted small" aria-live="polite">
        {count === 0 ? 'No inputs yet.' : `${count} input${count === 1 ? '' : 's'}: one run each.`} Blank lines are
        skipped.
      </p>
    </fieldset>
  );
}
