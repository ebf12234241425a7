// Contract: conversation shares (current servers, CURRENT-SERVERS.md §4): the owner creates one, any signed-in person
// reads it with `share_token` and `shared_file_urls`, and files are read through that map.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, passwordToken, platformWithAnalyst, startTestPlatform } from '../../test-support';
import { ask } from '../conversations/conversation-support';

const { analyst, platform } = platformWithAnalyst(1);
const viewer = async () => api(platform(), await passwordToken(platform(), 'viewer'));

async function uploaded(name: string, content: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const token = await passwordToken(platform(), 'analyst');
  const response = await fetch(`${platform().apiBaseUrl}/v1/files/`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { file_url: string }).file_url;
}

async function sharedChat(fileNames: string[] = []) {
  const id = randomUUID();
  await ask(analyst, { text: 'share me', conversation_id: id, file_names: fileNames });
  const created = await analyst('/share/conversations', { body: { chat_id: id } });
  expect(created.status).toBe(200);
  return { id, share: (await created.json()) as { token: string; share_id: string; chat_id: string } };
}

describe('POST /v1/share/conversations', () => {
  it('answers a token for the owner; sharing again answers the same one', async () => {
    const { id, share } = await sharedChat();
    expect(share).toEqual({
      share_id: share.token,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      chat_id: id,
      created_at: expect.any(String),
    });
    const again = (await (await analyst('/share/conversations', { body: { chat_id: id } })).json()) as {
      token: string;
    };
    expect(again.token).toBe(share.token);
  });

  it('is the owner’s only: someone else 401 Access denied, an unknown chat 404, no chat_id 422', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'mine', conversation_id: id });
    const other = await (await viewer())('/share/conversations', { body: { chat_id: id } });
    expect(other.status).toBe(401);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe('Access denied');
    expect((await analyst('/share/conversations', { body: { chat_id: randomUUID() } })).status).toBe(404);
    expect((await analyst('/share/conversations', { body: {} })).status).toBe(422);
  });
});

describe('GET /v1/share/conversations/{token}', () => {
  it('lets any signed-in person read the conversation, read-only, with its files through the share', async () => {
    const file = await uploaded('notes.txt', 'shared notes');
    const { id, share } = await sharedChat([file]);
    const reader = await viewer();
    const read = await reader(`/share/conversations/${share.token}`);
    expect(read.status).toBe(200);
    const body = (await read.json()) as Record<string, unknown> & { history: { message: string }[] };
    expect(body['id']).toBe(id);
    expect(body['share_token']).toBe(share.token);
    expect(body['user_abilities']).toEqual(['read']);
    expect(body.history.map((item) => item.message)[0]).toBe('share me');
    // Without the share the file is not the viewer's: 404.
    expect((await reader(`/files/${file}`)).status).toBe(404);
    const urls = body['shared_file_urls'] as Record<string, string>;
    expect(urls).toEqual({ [file]: `${file}?share_token=${share.token}` });
    const through = await reader(`/files/${urls[file] ?? ''}`);
    expect(through.status).toBe(200);
    expect(await through.text()).toBe('shared notes');
  });

  it('a share token that does not name the file is 404; an unknown token 404; no sign-in 401', async () => {
    const file = await uploaded('private.txt', 'not shared');
    const { share } = await sharedChat();
    const reader = await viewer();
    expect((await reader(`/files/${file}?share_token=${share.token}`)).status).toBe(404);
    expect((await reader(`/files/${file}?share_token=nope`)).status).toBe(404);
    const unknown = await reader('/share/conversations/no-such-token');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      'Shared conversation not found',
    );
    expect((await api(platform(), undefined)(`/share/conversations/${share.token}`)).status).toBe(401);
  });

  it('ends with the conversation: a deleted chat’s share is 404', async () => {
    const { id, share } = await sharedChat();
    expect((await analyst(`/conversations/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await (await viewer())(`/share/conversations/${share.token}`)).status).toBe(404);
  });
});

describe('2.42 servers', () => {
  it('have no share or export routes (404)', async () => {
    const old = await startTestPlatform(1, 600, undefined, { server: '2.42' });
    try {
      const call = api(old, await passwordToken(old, 'analyst'));
      expect((await call('/share/conversations', { body: { chat_id: randomUUID() } })).status).toBe(404);
      expect((await call('/share/conversations/x')).status).toBe(404);
      expect((await call(`/conversations/${randomUUID()}/export?export_format=pdf`)).status).toBe(404);
    } finally {
      await old.close();
    }
  });
});
