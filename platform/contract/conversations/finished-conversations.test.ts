// Contract: finished conversations (current servers, CURRENT-SERVERS.md §7): the owner finishes a chat once; reads
// carry finished_at and the list filters on it; sending, editing or clearing its history answers 409 with the server's
// words, while rename, pin and delete still work. A 2.42 server has no finish route and no finished_at.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, ids, passwordToken, platformWithAnalyst } from '../../test-support';
import { ask, conversation } from './conversation-support';

const { analyst, platform } = platformWithAnalyst(1);
const legacy = platformWithAnalyst(1, { server: '2.42' });

type Item = Record<string, unknown> & { id: string };
const finish = (call: typeof analyst, id: string) => call(`/conversations/${id}/finish`, { method: 'POST' });
const listIds = async (call: typeof analyst, query: string): Promise<string[]> =>
  ((await (await call(`/conversations${query}`)).json()) as Item[]).map((item) => item.id);

async function chat(call: typeof analyst): Promise<string> {
  const id = randomUUID();
  await ask(call, { text: 'finish me later', conversation_id: id });
  return id;
}

const finishedBody = {
  error: {
    message: 'Conversation is finished',
    details: expect.stringContaining('finished') as unknown,
    help: 'Start a new conversation to continue.',
  },
};

describe('finished conversations (current servers)', () => {
  it('finishes once for the owner: 200 {conversationId, finishedAt}, again 409, unknown 404, another person 403', async () => {
    const id = await chat(analyst);
    expect((await conversation(analyst, id))['finished_at']).toBeNull();
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    expect((await finish(viewer, id)).status).toBe(403);

    const first = await finish(analyst, id);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { conversationId: string; finishedAt: string };
    expect(body).toEqual({ conversationId: id, finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown });
    expect((await conversation(analyst, id))['finished_at']).toBe(body.finishedAt);
    expect((await finish(analyst, id)).status).toBe(409);
    expect((await finish(analyst, randomUUID())).status).toBe(404);
  });

  it('carries finished_at on list and search items and filters the list with ?isFinished', async () => {
    const open = await chat(analyst);
    const done = await chat(analyst);
    await finish(analyst, done);
    const all = (await (await analyst('/conversations')).json()) as Item[];
    expect(all.find((item) => item.id === open)?.['finished_at']).toBeNull();
    expect(all.find((item) => item.id === done)?.['finished_at']).toEqual(expect.any(String));
    const finished = await listIds(analyst, '?isFinished=true');
    expect(finished).toContain(done);
    expect(finished).not.toContain(open);
    const opened = await listIds(analyst, '?isFinished=false&page=0&per_page=200');
    expect(opened).toContain(open);
    expect(opened).not.toContain(done);
    expect((await analyst('/conversations?isFinished=maybe')).status).toBe(422);
    const search = (await (await analyst('/conversations/search?query=finish me')).json()) as { items: Item[] };
    expect(search.items.find((item) => item.id === done)?.['finished_at']).toEqual(expect.any(String));
  });

  it('refuses sending, editing, removing and clearing turns with 409; rename, pin and delete still work', async () => {
    const id = await chat(analyst);
    await finish(analyst, id);
    const before = (await conversation(analyst, id)).history.length;
    const refused = [
      await analyst(`/assistants/${ids.general}/model`, { body: { text: 'one more', conversation_id: id } }),
      await analyst(`/assistants/${ids.general}/model`, {
        body: { text: 'one more', conversation_id: id, stream: true },
      }),
      await analyst(`/conversations/${id}/history/0`, { method: 'PUT', body: { message_index: 0, message: 'x' } }),
      await analyst(`/conversations/${id}/history/0`, { method: 'DELETE' }),
      await analyst(`/conversations/${id}/history`, { method: 'DELETE' }),
      await analyst(`/conversations/${id}/history`, {
        method: 'PUT',
        body: { history: [{ role: 'User', message: 'x', historyIndex: 5 }] },
      }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual(finishedBody);
    }
    expect((await conversation(analyst, id)).history).toHaveLength(before);

    expect(
      (await analyst(`/conversations/${id}`, { method: 'PUT', body: { name: 'Kept', pinned: true } })).status,
    ).toBe(200);
    expect(await conversation(analyst, id)).toMatchObject({ conversation_name: 'Kept', pinned: true });
    expect((await analyst(`/conversations/${id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('is finished from outside mid-session by the test knob (an admin or a job)', async () => {
    const id = await chat(analyst);
    const knob = await fetch(`${platform().origin}/__test/finish-conversation?conversation=${id}`, { method: 'POST' });
    expect(knob.status).toBe(200);
    const sent = await analyst(`/assistants/${ids.general}/model`, {
      body: { text: 'still there?', conversation_id: id },
    });
    expect(sent.status).toBe(409);
  });
});

describe('2.42 servers', () => {
  it('have no finish route and no finished_at', async () => {
    const id = await chat(legacy.analyst);
    expect((await finish(legacy.analyst, id)).status).toBe(404);
    expect(await conversation(legacy.analyst, id)).not.toHaveProperty('finished_at');
    const all = (await (await legacy.analyst('/conversations')).json()) as Item[];
    expect(all.find((item) => item.id === id)).not.toHaveProperty('finished_at');
  });
});
