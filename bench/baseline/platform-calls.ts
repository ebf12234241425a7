// How the baseline talks to the local platform: config.json for the API address, the token the bench driver
// put in sessionStorage (from the platform's password grant), SSE or NDJSON read by hand.
export const benchAssistantId = 'a1000000-0000-4000-8000-0000000000be';

export interface TreeNode {
  id: string;
  author_name: string;
  message: string;
  children: TreeNode[];
}

async function apiBaseUrl(): Promise<string> {
  const config = (await (await fetch('/config.json')).json()) as { apiBaseUrl: string };
  return config.apiBaseUrl;
}

async function post(text: string, stream: boolean, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(`${await apiBaseUrl()}/v1/assistants/${benchAssistantId}/model`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${sessionStorage.getItem('bench:token') ?? ''}`,
    },
    body: JSON.stringify({ text, stream }),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response;
}

interface Chunk {
  generated_chunk: string | null;
  generated: string | null;
  last: boolean | null;
}

/** SSE events: the data lines of each event ended by a blank line. */
function sseEvents(buffer: string): { events: string[]; rest: string } {
  const parts = buffer.split('\n\n');
  const rest = parts.pop() ?? '';
  const events = parts.map((event) =>
    event
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n'),
  );
  return { events: events.filter(Boolean), rest };
}

/** NDJSON as deployed servers write it: objects one after the other, a newline only after the last. */
function jsonObjects(buffer: string): { events: string[]; rest: string } {
  const events: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let index = 0; index < buffer.length; index += 1) {
    const char = buffer[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') {
      if (depth === 0) start = index;
      depth += 1;
    } else if (char === '}' && --depth === 0) {
      events.push(buffer.slice(start, index + 1));
      start = index + 1;
    }
  }
  return { events, rest: depth > 0 ? buffer.slice(start) : '' };
}

/** Calls `onText` with the whole answer so far after every event, as most chat UIs do. */
export async function streamAnswer(question: string, onText: (text: string) => void): Promise<void> {
  const response = await post(question, true);
  const ndjson = response.headers.get('content-type')?.includes('ndjson') === true;
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return;
  let buffer = '';
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const { events, rest } = (ndjson ? jsonObjects : sseEvents)(buffer + value);
    buffer = rest;
    for (const event of events) {
      const chunk = JSON.parse(event) as Chunk;
      if (chunk.last && chunk.generated !== null) text = chunk.generated;
      // Deployed servers write `}{` in streamed text as `}_{`.
      else if (chunk.generated_chunk)
        text += ndjson ? chunk.generated_chunk.replaceAll('}_{', '}{') : chunk.generated_chunk;
      onText(text);
    }
  }
}

export async function loadTree(question: string): Promise<TreeNode[]> {
  const body = (await (await post(question, false)).json()) as { thoughts: TreeNode[] };
  return body.thoughts;
}
