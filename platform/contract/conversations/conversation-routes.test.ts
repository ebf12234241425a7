// Contract: the conversation routes answer with the shapes, orders and errors of real servers.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, ids, passwordToken, platformWithAnalyst } from '../../test-support';
import { ask, conversation, naive } from './conversation-support';

const { analyst, platform } = platformWithAnalyst(1);

const listKeys = [
  'id',
  'name',
  'folder',
  'pinned',
  'date',
  'update_date',
  'assistant_ids',
  'initial_assistant_id',
  'very_first_msg_at',
  'very_last_msg_at',
  'is_workflow',
  'workflow_id',
  'conversation_id',
  'assistant_icon',
  'assistant_names',
  // Current servers: when the chat was finished (null: open).
  'finished_at',
];
const fullKeys = [
  'id',
  'conversation_id',
  'conversation_name',
  'llm_model',
  'enable_image_generation',
  'image_generation_model',
  'folder',
  'pinned',
  'history',
  'user_id',
  'user_name',
  'assistant_ids',
  'assistant_data',
  'initial_assistant_id',
  'final_user_mark',
  'final_operator_mark',
  'project',
  'mcp_server_single_usage',
  'is_workflow_conversation',
  'conversation_details',
  'assistant_details',
  'user_abilities',
  'is_folder_migrated',
  'category',
  'date',
  'update_date',
  // Current servers' tool-call approval columns (the 2.42 mode has neither: tool-approval-2-42.test.ts).
  'tool_call_policy',
  'pending_tool_call',
  'finished_at',
];

type ListItem = Record<string, unknown> & { id: string; name: string | null };
const list = async (query = ''): Promise<ListItem[]> =>
  (await (await analyst(`/conversations${query}`)).json()) as ListItem[];
const put = (path: string, body: unknown) => analyst(path, { method: 'PUT', body });
const del = (path: string) => analyst(path, { method: 'DELETE' });

describe('conversation routes', () => {
  it('lists as a bare array, most recently changed first, with exactly the real keys; unnamed "" unpaged, null paged', async () => {
    const created = (await (
      await analyst('/conversations', { body: { initial_assistant_id: ids.general } })
    ).json()) as Record<string, unknown>;
    expect(Object.keys(created).sort()).toEqual([...fullKeys].sort());
    expect(created).toMatchObject({
      conversation_name: '',
      history: [],
      assistant_data: [],
      initial_assistant_id: ids.general,
    });
    const named = randomUUID();
    await ask(analyst, { text: 'named by its question', conversation_id: named });

    const all = await list();
    expect(all.map((item) => item.id).slice(0, 2)).toEqual([named, created['id']]);
    expect(Object.keys(all[0] ?? {}).sort()).toEqual([...listKeys].sort());
    expect(all[1]?.name).toBe('');
    expect(all[0]).toMatchObject({
      assistant_names: ['General Assistant'],
      very_first_msg_at: null,
      workflow_id: null,
    });
    expect(all[0]?.date).toMatch(naive);

    const paged = await list('?per_page=2');
    expect(paged).toHaveLength(2);
    expect(paged[1]?.name).toBeNull();
    expect((await list('?page=1&per_page=1'))[0]?.id).toBe(created['id']);
    expect((await analyst('/conversations?per_page=201')).status).toBe(422);
    expect((await analyst('/conversations?page=-1')).status).toBe(422);
  });

  it('orders by change time only: an update (a pin too) moves a chat to the top, pinned chats are not put first as such', async () => {
    const older = randomUUID();
    const newer = randomUUID();
    await ask(analyst, { text: 'older chat', conversation_id: older });
    await ask(analyst, { text: 'newer chat', conversation_id: newer });
    expect((await list()).slice(0, 2).map((item) => item.id)).toEqual([newer, older]);
    const pinned = (await (await put(`/conversations/${older}`, { pinned: true })).json()) as Record<string, unknown>;
    expect(pinned['pinned']).toBe(true);
    expect((await list()).slice(0, 2).map((item) => item.id)).toEqual([older, newer]);
  });

  it('renames (an empty name is ignored), moves to a folder and out, sets and clears the model', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'rename me', conversation_id: id });
    expect(
      ((await (await put(`/conversations/${id}`, { name: 'Otters' })).json()) as Record<string, unknown>)[
        'conversation_name'
      ],
    ).toBe('Otters');
    expect(
      ((await (await put(`/conversations/${id}`, { name: '' })).json()) as Record<string, unknown>)[
        'conversation_name'
      ],
    ).toBe('Otters');
    expect(
      (await (await put(`/conversations/${id}`, { folder: 'Work', llmModel: 'gpt-4.1' })).json()) as Record<
        string,
        unknown
      >,
    ).toMatchObject({ folder: 'Work', llm_model: 'gpt-4.1' });
    expect(
      (await (await put(`/conversations/${id}`, { folder: '', llm_model: null })).json()) as Record<string, unknown>,
    ).toMatchObject({ folder: null, llm_model: null, conversation_name: 'Otters' });
    const found = (await (await analyst('/conversations/search?query=otte')).json()) as {
      items: Record<string, unknown>[];
    };
    expect(found.items).toEqual([expect.objectContaining({ id, name: 'Otters', type: 'chat' })]);
    expect((await analyst('/conversations/search?query=ab')).status).toBe(422);
  });

  it('GET one: full object, optional paging over the raw history with pagination', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'one', conversation_id: id });
    await ask(analyst, { text: 'two', conversation_id: id });
    const full = await conversation(analyst, id);
    expect(Object.keys(full).sort()).toEqual([...fullKeys, 'very_first_msg_at', 'very_last_msg_at'].sort());
    expect(full.history).toHaveLength(4);
    const page = await conversation(analyst, id, '?page=1&per_page=3');
    expect(page.history.map((item) => item.message)[0]).not.toBe('one');
    expect(page.history).toHaveLength(1);
    expect(page['pagination']).toEqual({
      page: 1,
      per_page: 3,
      total: 4,
      pages: 2,
      has_next: false,
      has_previous: true,
    });
    const desc = await conversation(analyst, id, '?sort_order=desc&per_page=1');
    expect(desc.history[0]?.role).toBe('Assistant');
  });

  it('edits an AI answer as a new version appended at the end, nothing overwritten', async () => {
    const id = randomUUID();
    const first = await ask(analyst, { text: 'turn zero', conversation_id: id });
    await ask(analyst, { text: 'turn one', conversation_id: id });
    const edited = (await (
      await put(`/conversations/${id}/history/0`, { messageIndex: 0, message: 'better answer' })
    ).json()) as { history: { role: string; message: string; historyIndex: number }[] };
    expect(
      edited.history.map((item) => [
        item.historyIndex,
        item.message === 'turn zero' || item.message === 'better answer' ? item.message : '-',
      ]),
    ).toEqual([
      [0, 'turn zero'],
      [0, '-'],
      [1, '-'],
      [1, '-'],
      [0, 'turn zero'],
      [0, 'better answer'],
    ]);
    expect(edited.history[1]?.message).toBe(first.generated);
    expect((await put(`/conversations/${id}/history/0`, { messageIndex: 5, message: 'x' })).status).toBe(500);
  });

  it('version k of a turn is the k-th pair with that index, in array order', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'v0', conversation_id: id, history_index: 0 });
    await ask(analyst, { text: 'v1', conversation_id: id, history_index: 0 });
    const edited = (await (
      await put(`/conversations/${id}/history/0`, { message_index: 1, message: 'edited v1' })
    ).json()) as { history: { role: string; message: string }[] };
    expect(
      edited.history.map((item) =>
        item.role === 'User' ? item.message : item.message === 'edited v1' ? 'edited' : 'answer',
      ),
    ).toEqual(['v0', 'answer', 'v1', 'answer', 'v1', 'edited']);
  });

  it('deletes a turn (all versions) and shifts the later turns down', async () => {
    const id = randomUUID();
    for (const text of ['a', 'b', 'c']) await ask(analyst, { text, conversation_id: id });
    await ask(analyst, { text: 'b again', conversation_id: id, history_index: 1 });
    const after = (await (await del(`/conversations/${id}/history/1`)).json()) as {
      history: { role: string; message: string; historyIndex: number }[];
    };
    expect(
      after.history.filter((item) => item.role === 'User').map((item) => [item.historyIndex, item.message]),
    ).toEqual([
      [0, 'a'],
      [1, 'c'],
    ]);
  });

  it('bulk upsert: 201 when it creates, 200 after; replaces the last item with the same (index, role)', async () => {
    const id = randomUUID();
    const history = [
      { role: 'User', message: 'q', historyIndex: 0 },
      { role: 'Assistant', message: 'a', history_index: 0 },
    ];
    const created = await put(`/conversations/${id}/history`, { assistant_id: ids.general, history });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ conversation_id: id, new_messages: 2, total_messages: 2, created: true });
    const again = await put(`/conversations/${id}/history`, {
      assistant_id: ids.general,
      history: [
        { role: 'Assistant', message: 'a2', historyIndex: 0 },
        { role: 'User', message: 'loose' },
      ],
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ conversation_id: id, new_messages: 1, total_messages: 3, created: false });
    expect((await conversation(analyst, id)).history.map((item) => item.message)).toEqual(['q', 'a2', 'loose']);
    expect((await put(`/conversations/${id}/history`, { assistant_id: ids.general, history: [] })).status).toBe(400);
  });

  it('clears a history, deletes one conversation and all of them', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'to clear', conversation_id: id });
    expect(((await (await del(`/conversations/${id}/history`)).json()) as { history: unknown[] }).history).toEqual([]);
    expect(await (await del(`/conversations/${id}`)).json()).toEqual({ message: 'Specified conversation removed' });
    expect((await analyst(`/conversations/${id}`)).status).toBe(404);
    expect(await (await del('/conversations')).json()).toEqual({ message: 'Conversation history cleared' });
    expect(await list()).toEqual([]);
  });

  it('errors: 404 not found, 401 Access denied for another user, 500 stack trace for unknown ids on writes', async () => {
    const missing = randomUUID();
    const notFound = await analyst(`/conversations/${missing}`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({
      error: {
        message: 'Conversation not found',
        details: `The conversation with ID [${missing}] could not be found in the system.`,
        help: expect.any(String),
      },
    });

    const mine = randomUUID();
    await ask(analyst, { text: 'private', conversation_id: mine });
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    for (const response of [
      await viewer(`/conversations/${mine}`),
      await viewer(`/conversations/${mine}`, { method: 'DELETE' }),
    ]) {
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Access denied');
    }
    expect((await list()).some((item) => item.id === mine)).toBe(true);
    expect((await viewer('/conversations').then((r) => r.json())) as unknown[]).toEqual([]);

    for (const response of [
      await put(`/conversations/${missing}`, { name: 'x' }),
      await del(`/conversations/${missing}`),
      await del(`/conversations/${missing}/history/0`),
    ]) {
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { message: string; details: string; help: string } };
      expect(body.error.message).toMatch(/^Internal Server Error\. <br> Stacktrace: /);
      expect(body.error.details).toBe('An unexpected error occurred while processing the request.');
      expect(body.error.help).toBe('Please try again later or contact support if the problem persists.');
    }
  });

  it('GET /conversations/new gives an unsaved template; an unknown assistant → 404', async () => {
    const draft = (await (await analyst(`/conversations/new?initial_assistant_id=${ids.general}`)).json()) as Record<
      string,
      unknown
    >;
    expect(draft).toMatchObject({ id: 'new', history: [], initial_assistant_id: ids.general });
    expect((await analyst(`/conversations/new?initial_assistant_id=${randomUUID()}`)).status).toBe(404);
    expect((await analyst('/conversations/new')).status).toBe(200);
  });
});
