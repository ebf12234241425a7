// Helpers for the conversation contract tests: ask an assistant, read a conversation back.
import { expect } from 'vitest';
import type { api } from '../../test-support';
import { ids } from '../../test-support';

type Caller = ReturnType<typeof api>;

export interface StoredItem {
  role: 'User' | 'Assistant';
  message: string;
  historyIndex: number | null;
  date: string | null;
  messageRaw: string | null;
  fileNames: string[];
  assistantId: string | null;
  responseTime: number | null;
  thoughts: Record<string, unknown>[] | null;
  [key: string]: unknown;
}

export interface StoredConversation {
  id: string;
  conversation_name: string;
  history: StoredItem[];
  assistant_ids: string[];
  [key: string]: unknown;
}

export const naive = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

export async function ask(
  call: Caller,
  body: Record<string, unknown>,
  assistantId = ids.general,
): Promise<{ generated: string }> {
  const response = await call(`/assistants/${assistantId}/model`, { body });
  expect(response.status).toBe(200);
  return (await response.json()) as { generated: string };
}

export async function conversation(call: Caller, id: string, query = ''): Promise<StoredConversation> {
  const response = await call(`/conversations/${id}${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as StoredConversation;
}

/** A streamed call read to its end (either wire): the raw text. */
export async function askStreamed(
  call: Caller,
  body: Record<string, unknown>,
  assistantId = ids.general,
): Promise<string> {
  const response = await call(`/assistants/${assistantId}/model`, { body: { ...body, stream: true } });
  expect(response.status).toBe(200);
  return response.text();
}

/** Polls until the check passes (saves after a disconnect land a moment later). */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 2000): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || performance.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
