import { useMemo } from 'react';
import type { BatchInput } from '@/domain/workflows/batches/batch';
import { inputsFromCsv, inputsFromLines } from '@/domain/workflows/batches/batch-draft';
import { parseCsv } from '@/domain/workflows/batches/csv';
import type { BatchFormDraft } from './batch-draft-store';

export interface BatchInputs {
  inputs: BatchInput[];
  /** Problems with the source itself (a CSV that cannot be read, a bad tag cell). */
  problems: string[];
  /** The CSV's header, to choose columns from; empty for pasted lines. */
  header: string[];
}

/** The rows a batch would run, read from the pasted lines or the loaded CSV with the chosen columns. */
export function useBatchInputs(draft: BatchFormDraft): BatchInputs {
  const { source, lines, csv, inputColumn, tagsColumn } = draft;
  const parsed = useMemo(() => (source === 'csv' && csv ? parseCsv(csv.text) : null), [source, csv]);
  return useMemo(() => {
    if (source === 'lines') return { inputs: inputsFromLines(lines), problems: [], header: [] };
    if (!csv || !parsed) return { inputs: [], problems: ['Load a CSV file first.'], header: [] };
    if (!parsed.ok)
      return { inputs: [], problems: parsed.problems.map((problem) => `${csv.fileName}: ${problem}`), header: [] };
    const read = inputsFromCsv(parsed, { input: inputColumn, ...(tagsColumn >= 0 ? { tags: tagsColumn } : {}) });
    return { ...read, header: parsed.header };
  }, [source, lines, csv, parsed, inputColumn, tagsColumn]);
}
