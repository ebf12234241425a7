// Chunk writers for the two streaming wires: SSE (`data: <json>\n\n`) and the deployed NDJSON wire
// (objects back to back, no separator; only `last` chunks end with `\n`; `}{` in streamed text written as `}_{`).
import type { ServerResponse } from 'node:http';
import type { WireChunk, WireThought } from './wire';
import { openEventStream } from './sse';

export type StreamWire = 'sse' | 'ndjson';

export interface ChunkWriter {
  write(chunk: WireChunk): void;
  /** One event that is not valid JSON, framed for the wire, for clients' error handling. */
  writeMalformed(): void;
  /** Data that is not a chunk; SSE frames it as an event of the given type (null: a default event). */
  writeEvent(event: string | null, data: string): void;
  /** The text writeEvent would write, for writing it in pieces. */
  frame(event: string | null, data: string): string;
  end(): void;
}

export function createSseWriter(res: ServerResponse): ChunkWriter {
  openEventStream(res);
  const frame = (event: string | null, data: string) =>
    `${event ? `event: ${event}\n` : ''}${data
      .split('\n')
      .map((line) => `data: ${line}\n`)
      .join('')}\n`;
  return {
    write: (chunk) => void res.write(`data: ${JSON.stringify(chunk)}\n\n`),
    writeMalformed: () => void res.write('data: {"generated_chunk": "oops\n\n'),
    writeEvent: (event, data) => void res.write(frame(event, data)),
    frame,
    end: () => void res.end(),
  };
}

const escapeBraces = (text: string): string => text.replaceAll('}{', '}_{');

const escapeThought = (thought: WireThought): WireThought => ({
  ...thought,
  message: escapeBraces(thought.message),
  children: thought.children.map(escapeThought),
});

/**
 * Every chunk object as deployed servers write it. Their streaming callbacks rewrite `}{` as `}_{` in the text
 * they stream (answer deltas and thought messages); the final `generated` is the model's text as is.
 */
export const ndjsonText = (chunk: WireChunk): string =>
  JSON.stringify({
    ...chunk,
    generated_chunk: chunk.generated_chunk === null ? null : escapeBraces(chunk.generated_chunk),
    thought: chunk.thought === null ? null : escapeThought(chunk.thought),
  });

export function createNdjsonWriter(res: ServerResponse): ChunkWriter {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/x-ndjson');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Accel-Buffering', 'no');
  res.socket?.setNoDelay(true);
  res.flushHeaders();
  return {
    // Only `last` chunks end with a newline (with include_tool_errors there are two).
    write: (chunk) => void res.write(ndjsonText(chunk) + (chunk.last === true ? '\n' : '')),
    // Balanced braces so a depth-tracking reader can skip it and go on.
    writeMalformed: () => void res.write('{"generated_chunk": oops}'),
    // NDJSON has no event types: an error body is written like any other object.
    writeEvent: (_event, data) => void res.write(data),
    frame: (_event, data) => data,
    end: () => void res.end(),
  };
}

export const createChunkWriter = (wire: StreamWire, res: ServerResponse): ChunkWriter =>
  wire === 'ndjson' ? createNdjsonWriter(res) : createSseWriter(res);
