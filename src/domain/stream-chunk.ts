import type { WireThought } from './wire';

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
  context?: unknown;
}

const present = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Reads a decoded JSON value as a chunk. Unknown fields are ignored; a value that is not an object, or
 * whose known fields have the wrong types, is not a chunk (the caller counts it as malformed).
 */
export function toStreamChunk(value: unknown): StreamChunk | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const chunk: StreamChunk = {};
  const text = (key: string): string | undefined | false => {
    const field = raw[key];
    if (!present(field)) return undefined;
    if (typeof field === 'string') return field;
    return false;
  };
  const generatedChunk = text('generated_chunk');
  const executionError = text('execution_error');
  if (generatedChunk === false || executionError === false) return undefined;
  if (generatedChunk !== undefined) chunk.generatedChunk = generatedChunk;
  if (executionError !== undefined) chunk.executionError = executionError;

  const generated = raw.generated;
  if (typeof generated === 'string') chunk.generated = generated;
  else if (present(generated)) chunk.generated = JSON.stringify(generated, null, 2); // structured output

  if (present(raw.last)) {
    if (typeof raw.last !== 'boolean') return undefined;
    chunk.last = raw.last;
  }
  if (present(raw.time_elapsed)) {
    if (typeof raw.time_elapsed !== 'number') return undefined;
    chunk.timeElapsed = raw.time_elapsed;
  }
  if (typeof raw.success === 'boolean') chunk.success = raw.success;
  if (present(raw.thought)) {
    if (typeof raw.thought !== 'object' || typeof (raw.thought as { id?: unknown }).id !== 'string') return undefined;
    chunk.thought = raw.thought as WireThought;
  }
  if (present(raw.agent_error)) chunk.agentError = raw.agent_error;
  if (present(raw.tool_errors)) chunk.toolErrors = raw.tool_errors;
  if (present(raw.error_details)) chunk.errorDetails = raw.error_details;
  if (present(raw.interactive_request)) chunk.interactiveRequest = raw.interactive_request;
  if (present(raw.context)) chunk.context = raw.context;
  return chunk;
}

/**
 * JSON.parse reviver for the deployed NDJSON wire: its servers rewrite `}{` inside streamed text as `}_{` so
 * that naive splitters survive; this undoes it.
 */
export const restoreDeployedBraces = (_key: string, value: unknown): unknown => (typeof value === 'string' ? value.replaceAll('}_{', '}{') : value);
