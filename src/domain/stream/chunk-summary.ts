// One logged stream chunk as a network panel's timeline row reads it: what kind of chunk, and the gist of it.

export interface ChunkSummary {
  /** The chunk's own type or event field when it has one, else what its wire fields carry (text, thought, last…). */
  kind: string;
  /** One line, cut short: the detail shows the whole chunk. */
  summary: string;
}

const maxSummary = 160;

const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > maxSummary ? `${flat.slice(0, maxSummary - 1)}…` : flat;
};

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const namedText = (value: Record<string, unknown>): string | undefined =>
  ['message', 'detail', 'name', 'state', 'status', 'content', 'text']
    .map((field) => value[field])
    .find((text): text is string => typeof text === 'string' && text !== '');

const gist = (value: unknown): string => {
  if (typeof value === 'string') return value;
  return (isRecord(value) ? namedText(value) : undefined) ?? JSON.stringify(value) ?? '';
};

const errorFields = ['execution_error', 'agent_error', 'error_details', 'tool_errors', 'error'];

function ofObject(chunk: Record<string, unknown>): ChunkSummary {
  const own = [chunk.type, chunk.event].find((value): value is string => typeof value === 'string' && value !== '');
  if (own)
    return {
      kind: own,
      summary: oneLine(
        gist(Object.fromEntries(Object.entries(chunk).filter(([key]) => key !== 'type' && key !== 'event'))),
      ),
    };
  const error = errorFields.find((field) => present(chunk[field]));
  if (error) return { kind: 'error', summary: oneLine(gist(chunk[error])) };
  if (chunk.last === true) {
    const elapsed = typeof chunk.time_elapsed === 'number' ? `after ${chunk.time_elapsed} s` : '';
    const generated = typeof chunk.generated === 'string' ? JSON.stringify(chunk.generated) : '';
    return { kind: 'last', summary: oneLine([elapsed, generated].filter(Boolean).join(' · ')) };
  }
  if (typeof chunk.generated_chunk === 'string' && chunk.generated_chunk !== '')
    return { kind: 'text', summary: oneLine(JSON.stringify(chunk.generated_chunk)) };
  if (isRecord(chunk.thought)) {
    const { author_name: author, message } = chunk.thought;
    const who = typeof author === 'string' && author !== '' ? `${author}: ` : '';
    return {
      kind: 'thought',
      summary: oneLine(`${who}${typeof message === 'string' && message !== '' ? message : '(no message yet)'}`),
    };
  }
  if (present(chunk.workflow_state)) return { kind: 'state', summary: oneLine(gist(chunk.workflow_state)) };
  if (present(chunk.interactive_request))
    return { kind: 'input request', summary: oneLine(gist(chunk.interactive_request)) };
  const text = namedText(chunk);
  if (text !== undefined) return { kind: 'chunk', summary: oneLine(text) };
  const fields = Object.keys(chunk).filter((key) => present(chunk[key]));
  return { kind: 'chunk', summary: fields.length ? oneLine(fields.join(', ')) : '(every field empty)' };
}

/** Reads a chunk as the request log kept it: a JSON object, an SSE event with a name, or a piece that was not readable. */
export function summarizeChunk(text: string, malformed = false): ChunkSummary {
  if (malformed) return { kind: 'unreadable', summary: oneLine(text) };
  const event = /^event: ([^\n]*)\ndata: ([\s\S]*)$/.exec(text);
  if (event) return { kind: event[1] || 'message', summary: summarizeChunk(event[2] ?? '').summary };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'text', summary: oneLine(text) };
  }
  return isRecord(parsed) ? ofObject(parsed) : { kind: 'text', summary: oneLine(text) };
}

/** An offset from the request's start as a timeline shows it: +0.123 s. */
export const formatOffset = (ms: number): string => `+${(ms / 1000).toFixed(3)} s`;
