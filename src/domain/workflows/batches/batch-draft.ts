import { batchLimits, type BatchInput } from './batch';
import { linesToInputs } from './csv';
import { launchProblems } from '@/domain/workflows/request/execution-request';
import { sessionIdProblem } from '@/domain/workflows/request/session-id';
import { addTags, mergeTags, tagListProblem } from '@/domain/workflows/request/tags';
import { grouped } from '@/domain/workflows/request/text-measure';

/** What the batch form holds before it starts. */
export interface BatchDraft {
  inputs: readonly BatchInput[];
  commonTags: readonly string[];
  sessionId: string;
}

export interface CsvColumns {
  input: number;
  /** A column of tags for each row, written like the tag field takes them ("a, b"). */
  tags?: number;
}

const maxListed = 10;
const inputNames = ['user_input', 'input', 'prompt', 'text', 'question', 'query', 'message'];

/** The column that most likely holds the inputs, by its header; the first column otherwise. */
export function guessInputColumn(header: readonly string[]): number {
  const names = header.map((name) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  for (const wanted of inputNames) {
    const found = names.indexOf(wanted);
    if (found >= 0) return found;
  }
  return 0;
}

const tagsNames = ['tags', 'tag', 'labels', 'label'];

/** The column that most likely holds each row's tags ("tags", "tag"…), not the input's; -1 when none is named so. */
export function guessTagsColumn(header: readonly string[], inputColumn: number): number {
  const names = header.map((name) => name.trim().toLowerCase());
  for (const wanted of tagsNames) {
    const found = names.findIndex((name, index) => name === wanted && index !== inputColumn);
    if (found >= 0) return found;
  }
  return -1;
}

/**
 * What a batch would run, as a short key: equal for the same inputs with the same tags (each row's and the common
 * ones), different when any of them changes. The form compares it with the batch it just started.
 */
export function batchFingerprint(inputs: readonly BatchInput[], commonTags: readonly string[]): string {
  const text = JSON.stringify([commonTags, inputs.map((item) => [item.input, item.tags ?? []])]);
  // FNV-1a, 32 bits: a mismatch is certain, a match all but certain, for a key nobody relies on for safety.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${inputs.length}:${text.length}:${hash.toString(16)}`;
}

export const inputsFromLines = (text: string): BatchInput[] => linesToInputs(text).map((input) => ({ input }));

/**
 * Inputs from parsed CSV rows. A row whose input cell is blank is skipped, like a blank pasted line. Problems
 * name the row as a spreadsheet shows it (the header is row 1).
 */
export function inputsFromCsv(
  csv: { header: readonly string[]; rows: readonly (readonly string[])[] },
  columns: CsvColumns,
): { inputs: BatchInput[]; problems: string[] } {
  const inputs: BatchInput[] = [];
  const problems: string[] = [];
  if (columns.input < 0 || columns.input >= csv.header.length)
    return { inputs, problems: ['Choose the column that holds the inputs.'] };
  csv.rows.forEach((row, position) => {
    const input = row[columns.input] ?? '';
    if (input.trim() === '') return;
    if (columns.tags === undefined) {
      inputs.push({ input });
      return;
    }
    const added = addTags([], row[columns.tags] ?? '');
    problems.push(...added.problems.map((problem) => `Row ${position + 2}: ${problem}`));
    inputs.push({ input, tags: added.tags });
  });
  return { inputs, problems };
}

const capped = (problems: string[]): string[] =>
  problems.length > maxListed
    ? [...problems.slice(0, maxListed), `…and ${problems.length - maxListed} more.`]
    : problems;

/** Everything that stops a batch from starting; each row is checked as its own launch would be. */
export function batchProblems(draft: BatchDraft): string[] {
  const problems: string[] = [];
  if (draft.inputs.length === 0) problems.push('Nothing to run: add at least one input.');
  if (draft.inputs.length > batchLimits.rows) {
    problems.push(`${grouped(draft.inputs.length)} inputs; a batch runs at most ${grouped(batchLimits.rows)}.`);
  }
  const common = tagListProblem(draft.commonTags);
  if (common) problems.push(`Common tags: ${common}`);
  const session = sessionIdProblem(draft.sessionId.trim());
  if (session) problems.push(session);
  const rowProblems = draft.inputs.flatMap((item, position) =>
    launchProblems({
      userInput: item.input,
      tags: mergeTags(draft.commonTags, item.tags ?? []),
      sessionId: '',
      fileName: '',
    })
      // A common-tag problem was said once above; here only what this row adds.
      .filter((problem) => problem.field === 'userInput' || !common)
      .map((problem) => `Input ${position + 1}: ${problem.message}`),
  );
  return [...problems, ...capped(rowProblems)];
}
