// Contract: a 2.42 server knows no background generation (DEPLOYED-API.md): a client that leaves stops the run and the
// turn is stored as "Agent has been interrupted by client"; no /abort or /stream routes; no in_progress/status keys;
// no chat naming.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { platformWithAnalyst } from '../../test-support';
import { ask, eventually } from '../conversations/conversation-support';
import { lastItem, read, startWriting } from './background-support';

const { analyst } = platformWithAnalyst(2, { server: '2.42' });

describe('a 2.42 server', () => {
  it('stops at a disconnect and stores "Agent has been interrupted by client", with no in-progress keys', async () => {
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 300);
    await reader.cancel();
    const stored = await eventually(
      () => analyst(`/conversations/${id}`).then((response) => response.status),
      (status) => status === 200,
    );
    expect(stored).toBe(200);
    const item = lastItem(await read(analyst, id));
    expect(item?.message).toBe('Agent has been interrupted by client');
    expect(item).not.toHaveProperty('in_progress');
    expect(item).not.toHaveProperty('inProgress');
    expect(item).not.toHaveProperty('status');
  });

  it('has no /abort or /stream routes (404 like any unknown route)', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'hello', conversation_id: id });
    const aborted = await analyst(`/conversations/${id}/abort`, { method: 'POST' });
    expect(aborted.status).toBe(404);
    expect(await aborted.json()).toEqual({ detail: 'Not Found' });
    expect((await analyst(`/conversations/${id}/stream`)).status).toBe(404);
  });

  it('does not rename chats, and an omitted llmModel is the assistant’s default', async () => {
    const id = randomUUID();
    const first = await ask(analyst, { text: 'Explain PKCE', conversation_id: id, llmModel: 'claude-sonnet-4' });
    expect(first.generated).toContain('Answered by **claude-sonnet-4**');
    expect((await ask(analyst, { text: 'again', conversation_id: id })).generated).toContain('Answered by **gpt-4.1**');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const stored = await read(analyst, id);
    expect(stored.conversation_name).toBe('Explain PKCE...');
    expect(stored['llm_model']).toBeNull();
  });
});
