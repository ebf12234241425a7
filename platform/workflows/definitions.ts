// What each local workflow does, state by state: how long a state takes (in wait units of the platform's
// stream delay), what it outputs, and whether the run pauses before it (interrupt_before). Deterministic apart
// from the tool call of Header relay.
import { callMcpTool } from '../mcp/tool-client';

export interface RunInput {
  userInput: string;
  tags: readonly string[];
  sessionId: string;
  /** Decoded names of the attached files (file_names / file_name), in the order sent. */
  fileNames: readonly string[];
  /** The output the state reads from the run so far: the previous state's, or the one edited at an interrupt. */
  previousOutput: string | null;
  /** The user_input sent with the latest resume, if any. */
  resumeInput: string | null;
  /** Headers to pass to tools (already filtered by the forwarding rules); empty without propagate_headers. */
  forwarded: Record<string, string>;
  propagate: boolean;
  /** The trace context of the call that started (or last resumed) the run, passed on to its tools. */
  traceparent?: string;
  mcpUrl: string;
}

export type StateResult = { ok: true; output: string } | { ok: false; output: string };

export interface StateDefinition {
  name: string;
  /** Wait units, or a count that depends on the input (a long document takes longer to read). */
  units: number | ((input: RunInput) => number);
  /** The MCP tool the state calls, shown as a nested tool thought when the run is streamed. */
  tool?: string;
  /** The arguments it calls the tool with (the tool thought's input_text). */
  toolArgs?: Record<string, unknown>;
  /** Pause before this state until the execution is resumed (LangGraph interrupt_before). */
  interruptBefore?: boolean;
  run(input: RunInput): StateResult | Promise<StateResult>;
}

const ok = (output: string): StateResult => ({ ok: true, output });

/** Names the attached files, so a run's output proves which uploaded files it was given. */
const attached = (input: RunInput): string =>
  input.fileNames.length === 0
    ? ''
    : ` and the attached file${input.fileNames.length === 1 ? '' : 's'} ${input.fileNames.join(', ')}`;

function sentences(text: string): string[] {
  return (text.match(/[^.!?\n]+[.!?]?/g) ?? []).map((part) => part.trim()).filter((part) => part.length > 0);
}

function summary(text: string): string {
  const parts = sentences(text);
  const words = text.split(/\s+/).filter(Boolean).length;
  if (parts.length === 0)
    return '## Summary\n\nThere was no text to summarise: start the run with the document as input.';
  const points = parts.slice(0, 3).map((part) => `- ${part.length > 160 ? `${part.slice(0, 157)}…` : part}`);
  return [
    '## Summary',
    '',
    `The document has ${words} word${words === 1 ? '' : 's'} in ${parts.length} sentence${parts.length === 1 ? '' : 's'}. Key points:`,
    '',
    ...points,
  ].join('\n');
}

// About 4 s in all for a short document at the default 30 ms per unit.
const summarize: StateDefinition[] = [
  // A long document is read longer: about 3 s more per 10,000 characters, at most 6 s more.
  {
    name: 'Read input',
    units: (input) => 35 + Math.min(200, Math.floor(input.userInput.length / 100)),
    run: (input) => ok(`Read ${input.userInput.length} characters${attached(input)}.`),
  },
  {
    name: 'Extract key points',
    units: 45,
    run: (input) =>
      ok(
        JSON.stringify(
          { sentences: sentences(input.userInput).length, first: sentences(input.userInput)[0] ?? null },
          null,
          2,
        ),
      ),
  },
  { name: 'Write summary', units: 50, run: (input) => ok(summary(input.userInput)) },
];

const payroll: StateDefinition[] = [
  {
    name: 'Load payroll export',
    units: 20,
    run: (input) => ok(`Loaded the payroll export for ${input.userInput.trim() || 'the current period'}.`),
  },
  { name: 'Check anomalies', units: 30, run: () => ok('## Audit result\n\nNo anomalies found in 1,204 payslips.') },
];

const tagEcho: StateDefinition[] = [
  {
    name: 'Echo parameters',
    units: 10,
    run: (input) =>
      ok(
        JSON.stringify(
          {
            tags: input.tags,
            session_id: input.sessionId,
            file_name: input.fileNames[0] ?? null,
            user_input: input.userInput,
          },
          null,
          2,
        ),
      ),
  },
];

const failing: StateDefinition[] = [
  { name: 'Prepare', units: 10, run: () => ok('Prepared the batch.') },
  {
    name: 'Transform records',
    units: 15,
    run: () => ({
      ok: false,
      output: 'Error: record 17 has no "amount" field (simulated failure in the second state).',
    }),
  },
  { name: 'Publish', units: 10, run: () => ok('Published.') },
];

const headerRelay: StateDefinition[] = [
  {
    name: 'Call echo_headers',
    units: 10,
    tool: 'echo_headers',
    toolArgs: { note: 'Header relay workflow' },
    run: async (input) => {
      const result = await callMcpTool({
        url: input.mcpUrl,
        tool: 'echo_headers',
        args: { note: 'Header relay workflow' },
        headers: input.forwarded,
        ...(input.traceparent ? { traceparent: input.traceparent } : {}),
      });
      return { ok: !result.isError, output: result.text };
    },
  },
  {
    name: 'Report',
    units: 5,
    run: (input) =>
      ok(
        input.propagate
          ? `Forwarded ${Object.keys(input.forwarded).length} X-* header(s) to the tool server.`
          : 'Forwarded no header: propagate_headers was not true.',
      ),
  },
];

// Twelve states: a console that reads only the first page of states (10 by default) misses the result.
const auditAreas = [
  'Scope',
  'Access rights',
  'Password policy',
  'Backups',
  'Logging',
  'Patching',
  'Network rules',
  'Encryption',
  'Vendors',
  'Incident plan',
  'Training',
];
const twelveStep: StateDefinition[] = [
  ...auditAreas.map((area, index): StateDefinition => ({
    name: `Step ${index + 1}: ${area}`,
    units: 8,
    run: (input) =>
      ok(
        `Step ${index + 1} of 12 checked ${area.toLowerCase()} for ${input.userInput.trim() || 'the whole organisation'}: ${index + 1} finding(s) noted.`,
      ),
  })),
  {
    name: 'Step 12: Verdict',
    units: 8,
    run: (input) => ok(`## Audit verdict\n\nRESULT: passed with 66 minor findings across 11 areas${attached(input)}.`),
  },
];

// Pauses before Publish: the reviewer may edit the draft (PUT …/output) or add a note (resume user_input).
const approvalGate: StateDefinition[] = [
  {
    name: 'Draft',
    units: 10,
    run: (input) => ok(`Draft announcement: ${input.userInput.trim() || 'nothing to announce yet'}${attached(input)}.`),
  },
  {
    name: 'Publish',
    units: 10,
    interruptBefore: true,
    run: (input) =>
      ok(
        [
          `Published:\n\n${input.previousOutput ?? ''}`,
          ...(input.resumeInput ? [`Reviewer note: ${input.resumeInput}`] : []),
        ].join('\n\n'),
      ),
  },
];

/** How many wait units `definition` takes for `input`. */
export const unitsOf = (definition: StateDefinition, input: RunInput): number =>
  typeof definition.units === 'number' ? definition.units : definition.units(input);

export const workflowStates: Readonly<Record<string, readonly StateDefinition[]>> = {
  'b2000000-0000-4000-8000-000000000001': summarize,
  'b2000000-0000-4000-8000-000000000002': payroll,
  'b2000000-0000-4000-8000-000000000003': tagEcho,
  'b2000000-0000-4000-8000-000000000004': failing,
  'b2000000-0000-4000-8000-000000000005': headerRelay,
  'b2000000-0000-4000-8000-000000000006': twelveStep,
  'b2000000-0000-4000-8000-000000000007': approvalGate,
};
