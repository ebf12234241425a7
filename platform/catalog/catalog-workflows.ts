// The local platform's workflows (the catalog's second part; see catalog-data.ts). Add entries here.

export interface WorkflowEntry {
  id: string;
  name: string;
  description: string;
  startHint: string;
  requiredRole?: string;
}

export const workflows: readonly WorkflowEntry[] = [
  {
    id: 'b2000000-0000-4000-8000-000000000001',
    name: 'Summarize document',
    description: 'Summarizes a pasted document into key points.',
    startHint: 'Paste the text to summarize',
  },
  {
    id: 'b2000000-0000-4000-8000-000000000002',
    name: 'Payroll audit',
    description: 'Checks a payroll export for anomalies. Restricted to the finance role.',
    startHint: 'Name the payroll period to audit, e.g. 2026-07',
    requiredRole: 'finance',
  },
  {
    id: 'b2000000-0000-4000-8000-000000000003',
    name: 'Tag echo',
    description: 'Answers with the tags, session id and file name it was started with.',
    startHint: 'Anything; the output lists what the run received',
  },
  {
    id: 'b2000000-0000-4000-8000-000000000004',
    name: 'Failing pipeline',
    description: 'Fails in its second state with an error output, to see a failed run.',
    startHint: 'Anything; this pipeline always fails',
  },
  {
    id: 'b2000000-0000-4000-8000-000000000005',
    name: 'Header relay',
    description: 'Calls the echo_headers tool with the forwarded X-* headers (only with propagate_headers: true).',
    startHint: 'Anything; the output shows which headers reached the tool server',
  },
  {
    id: 'b2000000-0000-4000-8000-000000000006',
    name: 'Twelve-step audit',
    description: 'Runs twelve checks; the result is the last state, beyond the first page of 10 states.',
    startHint: 'Name what to audit, e.g. the finance department',
  },
  {
    id: 'b2000000-0000-4000-8000-000000000007',
    name: 'Approval gate',
    description: 'Drafts an announcement, then pauses before Publish until resumed (edit the draft or add a note).',
    startHint: 'What to announce',
  },
];
