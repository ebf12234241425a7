// What the approval demo assistants do: which MCP tool calls a question leads to, in order, and the answer they
// give from what the tools returned (or from a denial). A plan is a pure function of the question and the outcomes
// so far, so a resumed turn continues exactly where the paused one stopped.
import type { ToolResult } from '../mcp/tool-client';
import { staleIds, tableOf } from '../mcp/records';

export interface ToolStep {
  tool: string;
  /** The tool's display name (the thought's `author_name`). */
  displayName: string;
  args: Record<string, unknown>;
  /** The tool's `is_safe(args)`: `approve_for_me` lets a batch of safe calls run without asking. */
  safe: boolean;
}

export type StepOutcome = { step: ToolStep; denied: false; result: ToolResult } | { step: ToolStep; denied: true };

export type PlanKind = 'records-keeper' | 'guarded-operator' | 'two-step-migrator' | 'locked-auditor';

export interface ApprovalPlan {
  /** The next tool call after these outcomes, or null: time to answer. */
  next(done: readonly StepOutcome[]): ToolStep | null;
  answer(done: readonly StepOutcome[]): string;
}

const listStep = (table: string): ToolStep => ({
  tool: 'list_records',
  displayName: 'List Records',
  args: { table },
  safe: true,
});
const deleteStep = (table: string, ids: string[]): ToolStep => ({
  tool: 'delete_records',
  displayName: 'Delete Records',
  args: { table, ids },
  safe: false,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ids of rows a list_records result marks as not active (the rows a clean-up removes). */
function staleOf(outcome: StepOutcome | undefined, table: string): string[] {
  const json = outcome && !outcome.denied ? outcome.result.json : null;
  const records = isRecord(json) && Array.isArray(json['records']) ? json['records'] : null;
  if (!records) return staleIds(table);
  return records.filter((row) => isRecord(row) && row['status'] !== 'active').map((row) => String(row['id']));
}

function listAnswer(outcome: StepOutcome, table: string): string {
  if (outcome.denied) return `I did not read the ${table} table: the list_records call was denied.`;
  const json = outcome.result.json;
  if (outcome.result.isError || !isRecord(json) || !Array.isArray(json['records']))
    return `The tool could not list ${table}: ${outcome.result.text}`;
  const rows = json['records'].filter(isRecord);
  return [
    `The **${table}** table has ${rows.length} records:`,
    '',
    '| ID | Name | Status |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${String(row['id'])} | ${String(row['name'])} | ${String(row['status'])} |`),
  ].join('\n');
}

function deleteAnswer(outcome: StepOutcome, table: string): string {
  const ids = (outcome.step.args['ids'] as string[] | undefined) ?? [];
  if (outcome.denied)
    return `I did not delete anything: you denied the delete_records call. The ${ids.length} records of ${table} (${ids.join(', ')}) are still there.`;
  const json = outcome.result.json;
  if (outcome.result.isError || !isRecord(json)) return `The delete failed: ${outcome.result.text}`;
  const deleted = Array.isArray(json['deleted']) ? json['deleted'].map(String) : [];
  return `Deleted ${deleted.length} records from ${table}: ${deleted.join(', ')}. The tool reported: “${String(json['summary'])}”`;
}

const wantsDelete = (question: string): boolean => /\b(delete|remove|purge|drop)\b/i.test(question);

export function planOf(kind: PlanKind, question: string): ApprovalPlan {
  const table = tableOf(question);
  switch (kind) {
    case 'records-keeper':
    case 'guarded-operator': {
      const deleting = kind === 'records-keeper' || wantsDelete(question);
      const step = deleting ? deleteStep(table, staleIds(table)) : listStep(table);
      return {
        next: (done) => (done.length === 0 ? step : null),
        answer: ([outcome]) =>
          outcome ? (deleting ? deleteAnswer(outcome, table) : listAnswer(outcome, table)) : 'Nothing to do.',
      };
    }
    case 'two-step-migrator':
      return {
        next: (done) =>
          done.length === 0 ? listStep(table) : done.length === 1 ? deleteStep(table, staleOf(done[0], table)) : null,
        answer: ([listed, deleted]) => {
          if (!listed || listed.denied)
            return `I did not read or change anything in ${table}: the list_records call was denied.`;
          if (!deleted) return listAnswer(listed, table);
          return `Migration of ${table}: step 1 listed the rows, step 2 removed the stale ones.\n\n${deleteAnswer(deleted, table)}`;
        },
      };
    case 'locked-auditor':
      return {
        next: (done) => (done.length === 0 ? listStep('invoices') : null),
        answer: ([outcome]) =>
          outcome ? `Audit read-out.\n\n${listAnswer(outcome, 'invoices')}` : 'Nothing to audit.',
      };
  }
}
