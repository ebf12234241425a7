// Fault Injector: one assistant, one fault per question, for the console's fault tests and for demos.
// The question picks the fault (first match wins), so a test or a person chooses it per request; "ndjson" or
// "sse" in the question picks the wire for the transport faults of fault-matrix.ts.
import { emptyWireChunk, type WireThought } from '../../wire';
import { matrixFaults, matrixRun, type MatrixFault } from './fault-matrix';
import { ScriptFailure, tokenize, type ScriptInput } from '../script';
import { StepList, type ScriptedRun } from '../steps';
import { echoFailure, echoRun } from '../xss-echo';

export const faultKinds = [
  'busy date',
  'busy',
  'sse error',
  'unknown event',
  'detail',
  'deep thought',
  'error object',
  'unhandled',
  ...matrixFaults,
] as const;
export type FaultKind = (typeof faultKinds)[number] | 'echo' | 'echo error';

/**
 * The fault a question asks for; a question naming none gets the in-stream error object. A question starting
 * with "echo" (or "echo error") is echoed whatever it contains, so attack strings never pick a fault by accident.
 */
export function faultOf(question: string): FaultKind {
  const text = question.toLowerCase();
  if (/^\s*echo error/.test(text)) return 'echo error';
  if (/^\s*echo/.test(text)) return 'echo';
  return faultKinds.find((kind) => text.includes(kind)) ?? 'error object';
}

const isMatrixFault = (fault: FaultKind): fault is MatrixFault => (matrixFaults as readonly string[]).includes(fault);

/** Seconds a 429 of the Fault Injector asks the client to wait. */
export const busySeconds = 3;

/** How deep the "deep thought" nests: deep enough to overflow a recursive reader's stack. */
export const deepThoughtLevels = 3000;

const partial = 'Here is the start of an answer, before the server runs into trouble and';
const whole = 'This answer arrived in full, with one piece of the stream the console had to skip or report.';

/**
 * The wire text of a chunk whose thought nests `levels` deep. Written as text, level by level: JSON.stringify
 * (like any recursive writer or reader) overflows the stack long before 3,000 levels.
 */
export function deepThoughtChunk(levels: number): string {
  const open: string[] = [];
  for (let level = 1; level <= levels; level += 1) {
    const node: Omit<WireThought, 'children'> = {
      id: `deep-${level}`,
      parent_id: null,
      metadata: {},
      in_progress: false,
      input_text: '',
      message: `level ${level}`,
      author_type: 'Tool',
      author_name: 'deep_tool',
      output_format: 'text',
    };
    open.push(`${JSON.stringify(node).slice(0, -1)},"children":[`);
  }
  const thought = `${open.join('')}${']}'.repeat(levels)}`;
  return JSON.stringify({ ...emptyWireChunk, thought: null }).replace('"thought":null', `"thought":${thought}`);
}

const httpDate = (secondsAhead: number): string => new Date(Date.now() + secondsAhead * 1000).toUTCString();

export function faultRun(input: ScriptInput): ScriptedRun {
  const fault = faultOf(input.question);
  if (fault === 'echo') return echoRun(input.question);
  if (fault === 'echo error') throw echoFailure(input.question);
  if (isMatrixFault(fault)) return matrixRun(fault, input.question);
  if (fault === 'busy' || fault === 'busy date') {
    // The HTTP-date form is one second longer: the date has whole-second precision, so the wait stays ≥ busySeconds.
    const retryAfter = fault === 'busy' ? String(busySeconds) : httpDate(busySeconds + 1);
    throw new ScriptFailure(
      'Too many requests (simulated)',
      `Retry-After: ${retryAfter}`,
      'Wait, then try again.',
      429,
      { 'Retry-After': retryAfter },
    );
  }
  const list = new StepList().tokens(partial, 1);
  const text = (body: unknown) => JSON.stringify(body);
  switch (fault) {
    case 'unhandled':
      // Not an API error: the platform's generic 500 answers it, with the stack and the request id.
      throw new Error('Simulated unhandled exception (fault injector)');
    case 'error object':
      list.steps.push({
        kind: 'event',
        event: null,
        data: text({ error: { message: 'Access token expired (simulated)', details: null, help: null } }),
      });
      return list.run();
    case 'detail':
      list.steps.push({
        kind: 'event',
        event: null,
        data: text({ detail: 'Upstream model quota exhausted (simulated)' }),
      });
      return list.run();
    case 'sse error':
      list.steps.push({
        kind: 'event',
        event: 'error',
        data: text({ message: 'The model provider closed the stream (simulated)' }),
      });
      return list.run();
    case 'unknown event':
      // The answer completes after it: the console shows it completed, with the unknown event as an error.
      list.steps.push({ kind: 'event', event: 'usage-report', data: text({ tokens: tokenize(partial).length }) });
      return list.tokens(' finishes anyway.', 1).last(`${partial} finishes anyway.`).run();
    case 'deep thought':
      list.steps.length = 0;
      list.steps.push({ kind: 'event', event: null, data: deepThoughtChunk(deepThoughtLevels) });
      return list.tokens(whole, 1).last(whole).run();
  }
}
