import { toStreamError, type StreamError } from './stream-error';
import { emptyWireChunk, type WireThought } from '@/domain/wire';

/** One streamed chunk, whichever wire it came from, with unset fields left out. */
export interface StreamChunk {
  generatedChunk?: string;
  generated?: string;
  thought?: WireThought;
  last?: boolean;
  timeElapsed?: number;
  executionError?: string;
  success?: boolean;
  agentError?: unknown;
  toolErrors?: unknown;
  errorDetails?: unknown;
  interactiveRequest?: unknown;
  /** Current servers: one A2UI envelope of a form the agent asks with (CURRENT-SERVERS.md §3.1). */
  a2ui?: unknown;
  context?: unknown;
  /** Streamed workflow runs: which execution, and the state that changed. */
  workflowExecutionId?: string;
  workflowState?: unknown;
  /** Known fields whose values had the wrong type; they were left out, the rest of the chunk is used. */
  invalidFields?: string[];
  /** The server reported an error inside the stream (an error object, an SSE error event). */
  serverError?: StreamError;
  /** The chunk has the keys only current servers send (`a2ui`, `tool_call_pending`): one that keeps generating. */
  currentServer?: true;
}

/**
 * How deep a streamed thought may nest. Real trees are a few levels deep; a thought nested thousands of levels
 * (garbage, or an attack) would overflow the stack of every recursive reader after this one, so it is refused.
 */
export const maxThoughtDepth = 64;

const present = (value: unknown): boolean => value !== undefined && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/**
 * Reads a thought defensively: it comes from models and tool servers. Needs an id; every other field falls
 * back to an empty value, and children that are not thoughts are dropped. A thought nested deeper than
 * `maxThoughtDepth` is not read at all (undefined), so the chunk carrying it is counted as unreadable.
 */
export function toWireThought(value: unknown): WireThought | undefined {
  return readThought(value, 0) ?? undefined;
}

// null: too deep, which spoils the whole thought (not only the deep child), so the reader can tell it apart.
function readThought(value: unknown, depth: number): WireThought | undefined | null {
  if (depth > maxThoughtDepth) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  if (typeof raw.id !== 'string' || raw.id === '') return undefined;
  const metadata = raw.metadata;
  const children: WireThought[] = [];
  for (const item of Array.isArray(raw.children) ? raw.children : []) {
    const child = readThought(item, depth + 1);
    if (child === null) return null;
    if (child) children.push(child);
  }
  return {
    id: raw.id,
    parent_id: typeof raw.parent_id === 'string' && raw.parent_id !== '' ? raw.parent_id : null,
    metadata:
      typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
        ? (metadata as Record<string, unknown>)
        : {},
    in_progress: raw.in_progress === true,
    input_text: text(raw.input_text),
    message: text(raw.message),
    author_type: text(raw.author_type),
    author_name: text(raw.author_name),
    output_format: text(raw.output_format),
    error: flag(raw.error),
    interrupted: flag(raw.interrupted),
    aborted: flag(raw.aborted),
    children,
  };
}

const chunkKeys = Object.keys(emptyWireChunk);

/**
 * Reads a decoded JSON value as a chunk. Unknown fields are ignored; a known field with the wrong type is
 * left out and named in `invalidFields`. An error body (`error`, FastAPI `detail`) becomes `serverError`.
 * A value that is not an object, or an object with neither a chunk field nor an error, is not a chunk at all.
 */
export function toStreamChunk(value: unknown): StreamChunk | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const serverError = toStreamError(raw);
  if (!serverError && !chunkKeys.some((key) => key in raw) && !('a2ui' in raw)) return undefined;
  const chunk: StreamChunk = serverError ? { serverError } : {};
  const invalid: string[] = [];
  const read = <T>(key: string, accept: (field: unknown) => field is T, store: (field: T) => void) => {
    const field = raw[key];
    if (!present(field)) return;
    if (accept(field)) store(field);
    else invalid.push(key);
  };
  const isString = (field: unknown): field is string => typeof field === 'string';
  const isBoolean = (field: unknown): field is boolean => typeof field === 'boolean';
  const isNumber = (field: unknown): field is number => typeof field === 'number' && Number.isFinite(field);
  read('generated_chunk', isString, (field) => (chunk.generatedChunk = field));
  read('execution_error', isString, (field) => (chunk.executionError = field));
  read('last', isBoolean, (field) => (chunk.last = field));
  read('time_elapsed', isNumber, (field) => (chunk.timeElapsed = field));
  read('success', isBoolean, (field) => (chunk.success = field));
  const generated = raw.generated;
  if (typeof generated === 'string') chunk.generated = generated;
  else if (present(generated)) chunk.generated = JSON.stringify(generated, null, 2); // structured output
  if (present(raw.thought)) {
    const thought = toWireThought(raw.thought);
    if (thought) chunk.thought = thought;
    else invalid.push('thought');
  }
  if (present(raw.agent_error)) chunk.agentError = raw.agent_error;
  if (present(raw.tool_errors)) chunk.toolErrors = raw.tool_errors;
  if (present(raw.error_details)) chunk.errorDetails = raw.error_details;
  if (present(raw.interactive_request)) chunk.interactiveRequest = raw.interactive_request;
  if (present(raw.a2ui)) chunk.a2ui = raw.a2ui;
  if ('tool_call_pending' in raw || 'a2ui' in raw) chunk.currentServer = true;
  if (present(raw.context)) chunk.context = raw.context;
  read('workflow_execution_id', isString, (field) => (chunk.workflowExecutionId = field));
  if (present(raw.workflow_state)) chunk.workflowState = raw.workflow_state;
  if (invalid.length) chunk.invalidFields = invalid;
  return chunk;
}

/**
 * JSON.parse reviver for the deployed NDJSON wire: its servers rewrite `}{` inside streamed callback text
 * (text deltas, thoughts) as `}_{` so that naive splitters survive; this undoes it. The final `generated` is
 * built by the server from the answer itself and never rewritten, so a literal `}_{` there is the answer's own.
 */
export const restoreDeployedBraces = (key: string, value: unknown): unknown =>
  typeof value === 'string' && key !== 'generated' ? value.replaceAll('}_{', '}{') : value;
