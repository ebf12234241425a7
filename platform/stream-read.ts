// Test helpers that read the raw streaming wires the way a robust client must.
import type { WireChunk } from './wire';

/** Splits back-to-back JSON objects by brace depth, honouring strings and escapes (never on `}{` or newlines). */
export function splitJsonObjects(text: string): string[] {
  const objects: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') {
      if (depth === 0) start = index;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) objects.push(text.slice(start, index + 1));
    }
  }
  return objects;
}

/** The payloads of the `data:` lines of an SSE body. */
export const sseData = (text: string): string[] =>
  text
    .split('\n\n')
    .filter((event) => event !== '')
    .map((event) => (event.startsWith('data: ') ? event.slice('data: '.length) : event));

export function parseAll(payloads: string[]): { chunks: WireChunk[]; bad: string[] } {
  const chunks: WireChunk[] = [];
  const bad: string[] = [];
  for (const payload of payloads) {
    try {
      chunks.push(JSON.parse(payload) as WireChunk);
    } catch {
      bad.push(payload);
    }
  }
  return { chunks, bad };
}

/** Chunks of a body on either wire, picked by content type. */
export function chunksOf(contentType: string | null, text: string): { chunks: WireChunk[]; bad: string[] } {
  return parseAll(contentType?.startsWith('application/x-ndjson') ? splitJsonObjects(text) : sseData(text));
}

/** Reads a body to the end; `error` is set when the connection broke before the end. */
export async function readRaw(response: Response): Promise<{ text: string; error?: unknown }> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text };
      text += value;
    }
  } catch (error) {
    return { text, error };
  }
}
