// How the baseline talks to the local platform: config.json for the API address, the token the bench driver
// put in sessionStorage (from the platform's password grant), SSE read by hand.
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

/** Calls `onText` with the whole answer so far after every event, as most chat UIs do. */
export async function streamAnswer(question: string, onText: (text: string) => void): Promise<void> {
  const response = await post(question, true);
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return;
  let buffer = '';
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) {
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (!data) continue;
      const chunk = JSON.parse(data) as {
        generated_chunk: string | null;
        generated: string | null;
        last: boolean | null;
      };
      if (chunk.last && chunk.generated !== null) text = chunk.generated;
      else if (chunk.generated_chunk) text += chunk.generated_chunk;
      onText(text);
    }
  }
}

export async function loadTree(question: string): Promise<TreeNode[]> {
  const body = (await (await post(question, false)).json()) as { thoughts: TreeNode[] };
  return body.thoughts;
}
