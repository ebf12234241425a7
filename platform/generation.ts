// What differs in the chunk objects of the two server generations the platform can behave like.
import type { WireChunk } from './wire';

export type ServerGeneration = 'current' | '2.42';

/** How reads spell the in-progress flag: `in_progress` (the official UI's tests), `inProgress`, or both. */
export type InProgressCasing = 'snake' | 'camel' | 'both';

/**
 * A chunk as the generation writes it: current servers send `a2ui` and `tool_call_pending` on every chunk (null when
 * unset) and no longer know `interactive_request`; 2.42 servers send `interactive_request` and neither new key.
 */
export function chunkOfGeneration(server: ServerGeneration, chunk: WireChunk): WireChunk {
  const { interactive_request, a2ui, tool_call_pending, ...rest } = chunk;
  if (server === '2.42') return { ...rest, interactive_request: interactive_request ?? null };
  return { ...rest, a2ui: a2ui ?? null, tool_call_pending: tool_call_pending ?? null };
}
