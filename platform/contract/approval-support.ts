// Helpers for the tool-call approval contract tests: ask an approval assistant, resume its paused call, read back.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { api } from '../test-support';
import { chunksOf } from '../stream-read';
import type { WireChunk, WireThought } from '../wire';

type Caller = ReturnType<typeof api>;

export const approvalIds = {
  recordsKeeper: 'a1000000-0000-4000-8000-0000000000f6',
  guardedOperator: 'a1000000-0000-4000-8000-0000000000f7',
  twoStepMigrator: 'a1000000-0000-4000-8000-0000000000f8',
  lockedAuditor: 'a1000000-0000-4000-8000-0000000000f9',
  jiraHelper: 'a1000000-0000-4000-8000-0000000000fa',
};

export interface Streamed {
  chunks: WireChunk[];
  thoughts: WireThought[];
  last: WireChunk;
}

async function streamed(response: Response): Promise<Streamed> {
  expect(response.status).toBe(200);
  const { chunks, bad } = chunksOf(response.headers.get('content-type'), await response.text());
  expect(bad).toEqual([]);
  const last = chunks.at(-1);
  if (!last) throw new Error('empty stream');
  expect(chunks.filter((chunk) => chunk.last === true)).toEqual([last]);
  const thoughts = chunks.flatMap((chunk) => (chunk.thought ? [chunk.thought] : []));
  return { chunks, thoughts, last };
}

/** A streamed call in a new (or the given) conversation. */
export async function askStreamed(
  call: Caller,
  assistantId: string,
  text: string,
  more: Record<string, unknown> = {},
): Promise<Streamed & { conversationId: string }> {
  const conversationId = typeof more['conversation_id'] === 'string' ? more['conversation_id'] : randomUUID();
  const body = { text, stream: true, conversation_id: conversationId, ...more };
  return { ...(await streamed(await call(`/assistants/${assistantId}/model`, { body }))), conversationId };
}

export const resumeCall = (call: Caller, assistantId: string, body: Record<string, unknown>) =>
  call(`/assistants/${assistantId}/model/tool-call/resume`, { body });

export async function resumed(
  call: Caller,
  assistantId: string,
  conversationId: string,
  action: string,
): Promise<Streamed> {
  return streamed(await resumeCall(call, assistantId, { conversation_id: conversationId, action }));
}

export const isPause = (chunk: WireChunk): boolean => chunk.last === true && chunk.thought?.interrupted === true;

export async function conversationOf(call: Caller, id: string): Promise<Record<string, unknown>> {
  const response = await call(`/conversations/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

export async function errorOf(response: Response): Promise<{ status: number; message: unknown; body: unknown }> {
  const body = (await response.json()) as { error?: { message?: unknown } };
  return { status: response.status, message: body.error?.message, body };
}
