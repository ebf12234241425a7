// Contract: A2UI v0.9.1 on a current server (CURRENT-SERVERS.md §3, §5 points 8–9): the gate, the envelope
// sequence, the answer intake with its 422 texts, history storage; and interactive_request kept on a 2.42 server.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, passwordToken, platformWithAnalyst } from '../test-support';
import { readRaw, splitJsonObjects } from '../stream-read';
import { basicCatalogId } from '../assistants/asking/a2ui-surfaces';
import { conversation } from './conversations/conversation-support';

const asking = 'a1000000-0000-4000-8000-0000000000f5';
const catalogs = [basicCatalogId];
type Json = Record<string, unknown>;
type Caller = ReturnType<typeof platformWithAnalyst>['analyst'];

const allComponents = [
  'AudioPlayer',
  'Button',
  'Card',
  'CheckBox',
  'ChoicePicker',
  'Column',
  'DateTimeInput',
  'Divider',
  'Icon',
  'Image',
  'List',
  'Modal',
  'Row',
  'Slider',
  'Tabs',
  'Text',
  'TextField',
  'Video',
];

const call = (caller: Caller, body: Json) => caller(`/assistants/${asking}/model`, { body });
const chunksOf = async (response: Response): Promise<Json[]> =>
  splitJsonObjects((await readRaw(response)).text).map((text) => JSON.parse(text) as Json);
const errorOf = async (response: Response) => {
  expect(response.status).toBe(422);
  return ((await response.json()) as { error: { message: string } }).error.message;
};

/** Asks with the catalog declared, streamed: the chunks and the surface id. */
async function askSurface(caller: Caller, conversationId: string, text: string, historyIndex = 0) {
  const body = { text, conversation_id: conversationId, history_index: historyIndex, stream: true };
  const chunks = await chunksOf(await call(caller, { ...body, a2uiSupportedCatalogs: catalogs }));
  const create = chunks.find((chunk) => chunk['a2ui'])?.['a2ui'] as { createSurface: { surfaceId: string } };
  return { chunks, surfaceId: create.createSurface.surfaceId };
}

describe('A2UI on a current server', () => {
  const { analyst, platform } = platformWithAnalyst(1);
  const answer = (conversationId: string, historyIndex: number, act: Json, dataModel?: Json) =>
    call(analyst, {
      text: 'answer',
      conversationId,
      historyIndex,
      stream: true,
      a2uiSupportedCatalogs: catalogs,
      a2uiAction: { version: 'v0.9.1', action: act },
      ...(dataModel ? { a2uiDataModel: dataModel } : {}),
    });

  it('streams the tool thoughts and one envelope per chunk, then last with generated ""', async () => {
    const { chunks, surfaceId } = await askSurface(analyst, randomUUID(), 'Deploy the release');
    const kinds = chunks.map((chunk) => {
      if (chunk['thought']) {
        const thought = chunk['thought'] as { author_name: string; in_progress: boolean };
        return `thought:${thought.author_name}:${thought.in_progress}`;
      }
      if (chunk['a2ui']) return Object.keys(chunk['a2ui'] as Json).join(',');
      return chunk['last'] ? 'last' : 'other';
    });
    expect(kinds).toEqual([
      'thought:Request User Input:true',
      'version,createSurface',
      'version,updateComponents',
      'version,updateDataModel',
      'thought:Request User Input:false',
      'last',
    ]);
    const envelopes = chunks.filter((chunk) => chunk['a2ui']);
    for (const chunk of envelopes) {
      expect(chunk).toMatchObject({ generated: null, generated_chunk: null, thought: null, tool_call_pending: null });
      expect(Object.keys(chunk)).not.toContain('interactive_request');
    }
    expect(envelopes.map((chunk) => chunk['a2ui'])).toEqual([
      { version: 'v0.9.1', createSurface: { surfaceId, catalogId: basicCatalogId } },
      { version: 'v0.9.1', updateComponents: { surfaceId, components: expect.any(Array) } },
      { version: 'v0.9.1', updateDataModel: { surfaceId, path: '/', value: { reason: '' } } },
    ]);
    expect(chunks.at(-1)).toMatchObject({ last: true, generated: '', a2ui: null });
  });

  it('asks in plain text without the catalog id, with another id only, or without streaming', async () => {
    const plain = 'Before I deploy: do you approve? Reply with approve or reject and a reason.';
    for (const extra of [{}, { a2ui_supported_catalogs: ['https://example.com/other.json'] }]) {
      const chunks = await chunksOf(await call(analyst, { text: 'Deploy the release', stream: true, ...extra }));
      expect(chunks.some((chunk) => chunk['a2ui'] || chunk['thought'])).toBe(false);
      expect(chunks.at(-1)).toMatchObject({ last: true, generated: plain });
    }
    const json = await call(analyst, { text: 'Deploy the release', a2uiSupportedCatalogs: catalogs });
    expect(((await json.json()) as { generated: string }).generated).toBe(plain);
  });

  it('shows every Basic Catalog component for "everything", with media the platform serves', async () => {
    const { chunks } = await askSurface(analyst, randomUUID(), 'Show me everything you can ask with');
    const update = chunks
      .map((chunk) => chunk['a2ui'] as Json | null)
      .find((envelope) => envelope?.['updateComponents']);
    const components = (update?.['updateComponents'] as { components: Json[] }).components;
    expect([...new Set(components.map((component) => component['component']))].sort()).toEqual(allComponents);
    const image = components.find((component) => component['component'] === 'Image')?.['url'] as string;
    const served = await fetch(image);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(await served.text()).toContain('<svg');
    const audio = components.find((component) => component['component'] === 'AudioPlayer')?.['url'] as string;
    expect((await fetch(audio)).headers.get('content-type')).toBe('audio/wav');
  });

  it('refuses answers with the real 422 texts, and stores each refusal as a turn', async () => {
    const id = randomUUID();
    const { surfaceId } = await askSurface(analyst, id, 'Show me the release form');
    const bare = await call(analyst, { text: 'x', conversation_id: id, stream: true, a2uiDataModel: { due: '' } });
    expect(await errorOf(bare)).toBe('A2UI data model sent without an A2UI action');
    expect(await errorOf(await answer(id, 1, { name: 'submit' }))).toBe('Invalid A2UI action envelope');
    expect(await errorOf(await answer(id, 1, { name: 'submit', surfaceId }, { ticket: 'x'.repeat(70_000) }))).toBe(
      'Payload too large (max 65536 bytes)',
    );
    expect(await errorOf(await answer(id, 1, { name: 'submit', surfaceId: 'nope' }))).toBe('Unknown A2UI surface');
    expect(await errorOf(await answer(id, 1, { name: 'ship', surfaceId }))).toBe(
      "Action name 'ship' is not offered by surface",
    );
    expect(await errorOf(await answer(id, 1, { name: 'x'.repeat(129), surfaceId }))).toBe(
      'Action name is too long (max 128 characters)',
    );
    expect(await errorOf(await answer(id, 1, { name: 'submit', surfaceId }, { mood: 'x' }))).toBe(
      "Unknown A2UI data model key: 'mood'",
    );
    expect(await errorOf(await answer(id, 1, { name: 'submit', surfaceId }, { priority: ['low', 'high'] }))).toBe(
      "'Priority' allows a single choice",
    );
    const stored = await conversation(analyst, id);
    expect(stored.history.filter((item) => item.role === 'Assistant').at(-1)?.message).toMatch(
      /^'Priority' allows a single choice: None/,
    );
    // A refused answer answers nothing: a valid one is still taken.
    const taken = await chunksOf(await answer(id, 1, { name: 'submit', surfaceId }, { priority: ['high'] }));
    expect(taken.at(-1)?.['generated']).toMatch(/^Submitted 'submit'\.\n- priority: high$/);
  });

  it('answers 403 for a foreign conversation before any check', async () => {
    const id = randomUUID();
    const { surfaceId } = await askSurface(analyst, id, 'Deploy the release');
    const other = api(platform(), await passwordToken(platform(), 'viewer'));
    const response = await call(other, {
      text: 'Approve',
      conversation_id: id,
      a2uiAction: { action: { name: 'approve', surfaceId } },
      a2uiDataModel: { mood: 'x' },
    });
    expect(response.status).toBe(403);
  });

  it('takes an answer once, re-answers at the same index, and stores envelopes and answers camelCase', async () => {
    const id = randomUUID();
    const { chunks, surfaceId } = await askSurface(analyst, id, 'Deploy the release');
    const approve = { name: 'approve', surfaceId, sourceComponentId: 'approve' };
    const answered = await chunksOf(await answer(id, 1, approve, { reason: 'Tests pass' }));
    expect(answered.at(-1)).toMatchObject({ last: true, generated: "Approved: reason 'Tests pass'. Deploying…" });
    expect(await errorOf(await answer(id, 2, { name: 'reject', surfaceId }, { reason: 'No' }))).toBe(
      'Surface already answered',
    );
    const again = await chunksOf(await answer(id, 1, { name: 'reject', surfaceId }, { reason: 'Flaky' }));
    expect(again.at(-1)?.['generated']).toBe("Rejected: reason 'Flaky'. Not deploying.");

    const stored = await conversation(analyst, id);
    const [user, assistant] = stored.history;
    expect(assistant?.['a2uiEnvelopes']).toEqual(chunks.filter((chunk) => chunk['a2ui']).map((chunk) => chunk['a2ui']));
    expect(user).toMatchObject({ a2uiEnvelopes: null, a2uiAction: null, a2uiDataModel: null });
    expect(Object.keys(user ?? {})).not.toContain('interactiveRequest');
    // The refused answer at index 2 is stored as a turn that answers nothing.
    expect(stored.history.find((item) => item.role === 'User' && item.historyIndex === 2)?.['a2uiAction']).toBeNull();
    const answers = stored.history.filter((item) => item.role === 'User' && item.historyIndex === 1);
    expect(answers.map((item) => [item['a2uiAction'], item['a2uiDataModel']])).toEqual([
      [{ version: 'v0.9.1', action: approve }, { reason: 'Tests pass' }],
      [{ version: 'v0.9.1', action: { name: 'reject', surfaceId } }, { reason: 'Flaky' }],
    ]);
  });
});

describe('the Asking Assistant on a 2.42 server', () => {
  const { analyst } = platformWithAnalyst(1, { server: '2.42' });

  it('still asks with interactive_request, whatever catalogs are declared, and returns no A2UI keys', async () => {
    const id = randomUUID();
    const body = { text: 'Deploy the release', conversation_id: id, stream: true, a2uiSupportedCatalogs: catalogs };
    const chunks = await chunksOf(await call(analyst, body));
    expect(chunks.some((chunk) => chunk['interactive_request'])).toBe(true);
    expect(chunks.some((chunk) => 'a2ui' in chunk)).toBe(false);
    const stored = await conversation(analyst, id);
    expect(stored.history[1]?.['interactiveRequest']).toMatchObject({ request_id: expect.any(String) });
    expect(Object.keys(stored.history[1] ?? {})).not.toContain('a2uiEnvelopes');
  });
});
