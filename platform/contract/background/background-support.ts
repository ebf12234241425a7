// Helpers for the background generation contract tests: start a Slow Writer turn, read NDJSON lines, poll a turn.
import { expect } from 'vitest';
import type { api } from '../../test-support';
import type { WireChunk } from '../../wire';
import { eventually, type StoredConversation, type StoredItem } from '../conversations/conversation-support';

type Caller = ReturnType<typeof api>;

export const slowWriter = 'a1000000-0000-4000-8000-0000000000fb';

/** "word-1 word-2 … word-N", the Slow Writer's whole answer. */
export const words = (count: number): string =>
  Array.from({ length: count }, (_, index) => `word-${index + 1}`).join(' ');

/** Starts a streamed Slow Writer turn of `count` words and reads its first bytes; the reader is the caller's. */
export async function startWriting(call: Caller, conversationId: string, count: number) {
  const response = await call(`/assistants/${slowWriter}/model`, {
    body: { text: `words ${count}`, stream: true, conversation_id: conversationId },
  });
  expect(response.status).toBe(200);
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  const first = await reader.read();
  expect(first.done).toBe(false);
  return { reader, first: first.value ?? '' };
}

/** Everything left on a reader, as text. */
export async function rest(reader: ReadableStreamDefaultReader<string>): Promise<string> {
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += value;
  }
}

/** Newline-separated JSON objects (the /stream framing): every line must parse. */
export function lines(text: string): WireChunk[] {
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as WireChunk);
}

export async function read(call: Caller, id: string): Promise<StoredConversation> {
  const response = await call(`/conversations/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as StoredConversation;
}

export const lastItem = (conversation: StoredConversation): StoredItem | undefined => conversation.history.at(-1);

/** The conversation once its last item is no longer in progress. */
export const settled = (call: Caller, id: string, ms = 20_000) =>
  eventually(
    () => read(call, id),
    (body) => lastItem(body)?.['in_progress'] === false,
    ms,
  );
