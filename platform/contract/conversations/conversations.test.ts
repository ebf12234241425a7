// Contract: the assistant call stores turns as real servers do, and replays stored turns over the sent history.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, ids, passwordToken, platformWithAnalyst } from '../../test-support';
import { ask, askStreamed, conversation, eventually, naive, type StoredConversation } from './conversation-support';

const { analyst, platform } = platformWithAnalyst(1);

const itemKeys = [
  'role',
  'message',
  'historyIndex',
  'date',
  'responseTime',
  'inputTokens',
  'outputTokens',
  'cacheCreationInputTokens',
  'cacheReadInputTokens',
  'moneySpent',
  'userMark',
  'operatorMark',
  'messageRaw',
  'fileNames',
  'assistantId',
  'thoughts',
  'workflowExecutionRef',
  'executionId',
  // A current server's items: the A2UI keys replaced interactiveRequest / interactiveResponse (§3.4).
  'a2uiEnvelopes',
  'a2uiAction',
  'a2uiDataModel',
  // Background generation (§2.1): whether the turn is still being generated, and how it ended.
  'in_progress',
  'status',
];

describe('the assistant call stores its turn', () => {
  it('stores the (User, Assistant) pair under the requested conversation id, every item key present', async () => {
    const id = randomUUID();
    const answer = await ask(analyst, { text: 'What is <PKCE> & why?', conversation_id: id, file_names: ['a.txt'] });
    const stored = await conversation(analyst, id);
    expect(stored.conversation_name).toBe('What is <PKCE> & why?...');
    expect(stored.assistant_ids).toEqual([ids.general]);
    const [user, assistant] = stored.history;
    expect(stored.history).toHaveLength(2);
    expect(Object.keys(user ?? {}).sort()).toEqual([...itemKeys].sort());
    expect(Object.keys(assistant ?? {}).sort()).toEqual([...itemKeys].sort());
    expect(user).toMatchObject({
      role: 'User',
      message: 'What is <PKCE> & why?',
      messageRaw: 'What is &lt;PKCE&gt; &amp; why?',
      fileNames: ['a.txt'],
      historyIndex: 0,
      thoughts: null,
    });
    expect(assistant).toMatchObject({
      role: 'Assistant',
      message: answer.generated,
      historyIndex: 0,
      assistantId: ids.general,
      thoughts: [],
    });
    expect(user?.date).toMatch(naive);
    expect(assistant?.date).toMatch(naive);
    expect(typeof assistant?.responseTime).toBe('number');
    expect(typeof assistant?.['outputTokens']).toBe('number');
  });

  it('accepts camelCase conversationId and historyIndex', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'camel case', conversationId: id, historyIndex: 4 });
    expect((await conversation(analyst, id)).history.map((item) => item.historyIndex)).toEqual([4, 4]);
  });

  it('without conversation_id starts a new conversation, listed first', async () => {
    const text = `fresh question ${randomUUID()}`;
    await ask(analyst, {
      text,
      history: [
        { role: 'User', message: 'hi' },
        { role: 'Assistant', message: 'hello' },
      ],
    });
    const list = (await (await analyst('/conversations')).json()) as { id: string; name: string }[];
    expect(list[0]?.name).toBe(`${text.slice(0, 50)}...`);
    expect(list[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('omitted history_index → last + 1; a given index adds a version at the END of the array', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'first', conversation_id: id });
    await ask(analyst, { text: 'second', conversation_id: id });
    await ask(analyst, { text: 'first, edited', conversation_id: id, history_index: 0 });
    await ask(analyst, { text: 'third', conversation_id: id });
    const { history } = await conversation(analyst, id);
    expect(history.map((item) => [item.role, item.historyIndex, item.role === 'User' ? item.message : ''])).toEqual([
      ['User', 0, 'first'],
      ['Assistant', 0, ''],
      ['User', 1, 'second'],
      ['Assistant', 1, ''],
      ['User', 0, 'first, edited'],
      ['Assistant', 0, ''],
      ['User', 2, 'third'],
      ['Assistant', 2, ''],
    ]);
  });

  it('save_history:false stores nothing and creates no conversation', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'not kept', conversation_id: id, save_history: false });
    const response = await analyst(`/conversations/${id}`);
    expect(response.status).toBe(404);
  });

  it('replays ALL stored turns over the sent history: the General Assistant remembers the stored question', async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'Tell me about otters', conversation_id: id });
    await ask(analyst, { text: 'And about beavers', conversation_id: id });
    // The console sends a truncated, different history: an existing conversation ignores it.
    const answer = await ask(analyst, {
      text: 'Redo the first one',
      conversation_id: id,
      history_index: 0,
      history: [
        { role: 'User', message: 'something I never asked' },
        { role: 'Assistant', message: 'x' },
      ],
    });
    expect(answer.generated).toContain('Earlier you asked: “And about beavers”.');
    expect(answer.generated).toContain('This is turn 3 of our conversation.');
    expect(answer.generated).not.toContain('something I never asked');
  });

  it('uses the sent history only while the conversation does not exist yet', async () => {
    const answer = await ask(analyst, {
      text: 'Go on',
      conversation_id: randomUUID(),
      history: [{ role: 'User', message: 'my sent question' }],
    });
    expect(answer.generated).toContain('Earlier you asked: “my sent question”.');
  });

  it('stores a streamed answer, on both wires', async () => {
    for (const assistant of [ids.general, ids.researchNdjson]) {
      const id = randomUUID();
      await askStreamed(analyst, { text: 'Compare two things', conversation_id: id }, assistant);
      const stored = await conversation(analyst, id);
      expect(stored.history.map((item) => item.role)).toEqual(['User', 'Assistant']);
      expect(stored.history[1]?.message.length).toBeGreaterThan(20);
    }
  });

  it('stores thoughts merged, filtered, with "latest" thoughts at top level and never interrupted', async () => {
    const id = randomUUID();
    await askStreamed(analyst, { text: 'Research otters', conversation_id: id }, ids.research);
    const thoughts = (await conversation(analyst, id)).history[1]?.thoughts ?? [];
    expect(thoughts.length).toBeGreaterThan(0);
    expect(thoughts.some((thought) => thought['parent_id'] === 'latest')).toBe(true);
    for (const thought of thoughts) {
      expect(Object.keys(thought).sort()).toEqual(
        [
          'aborted',
          'author_name',
          'author_type',
          'children',
          'error',
          'id',
          'in_progress',
          'input_text',
          'interrupted',
          'message',
          'metadata',
          'output_format',
          'parent_id',
        ].sort(),
      );
      expect(thought['interrupted']).toBe(false);
      expect(thought['aborted']).toBe(false);
      const meta = thought['metadata'] as Record<string, unknown>;
      expect(
        Boolean(thought['message']) ||
          Boolean(thought['input_text']) ||
          thought['error'] === true ||
          meta['replay_type'] === 'tool',
      ).toBe(true);
    }
  });

  it('stores the "Codemie Thoughts" answer thought with its deltas merged into the whole answer', async () => {
    const id = randomUUID();
    await askStreamed(analyst, { text: 'Find the docs', conversation_id: id }, ids.codemie);
    const answer = (await conversation(analyst, id)).history[1];
    const llm = answer?.thoughts?.find((thought) => thought['author_name'] === 'Codemie Thoughts');
    expect(llm).toMatchObject({ message: answer?.message, in_progress: false, parent_id: null });
  });

  it('a client that leaves mid-stream → the turn goes on in the background and is stored finished', async () => {
    const id = randomUUID();
    const response = await analyst(`/assistants/${ids.storyteller}/model`, {
      body: { text: 'Tell me a story', stream: true, conversation_id: id },
    });
    const reader = response.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    const stored = await eventually(
      async () => (await analyst(`/conversations/${id}`)).json() as Promise<StoredConversation>,
      (body) => body.history[1]?.['in_progress'] === false,
      20_000,
    );
    // 2.42 servers stored "Agent has been interrupted by client" (platform/contract/background/background-2-42.test.ts).
    expect(stored.history[1]).toMatchObject({ in_progress: false, status: 'success' });
    expect(stored.history[1]?.message).not.toBe('Agent has been interrupted by client');
    expect(stored.history[1]?.responseTime).toEqual(expect.any(Number));
  }, 30_000);

  it('an error raised by the assistant is stored as the answer; validation and access errors are not', async () => {
    const id = randomUUID();
    const failed = await analyst(`/assistants/${ids.broken}/model`, { body: { text: 'break', conversation_id: id } });
    expect(failed.status).toBe(500);
    const body = (await failed.json()) as { error: { message: string; details: string; help: string } };
    expect((await conversation(analyst, id)).history[1]?.message).toBe(
      `${body.error.message}: ${body.error.details}\n${body.error.help}`,
    );

    const refused = randomUUID();
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    expect(
      (await viewer(`/assistants/${ids.finance}/model`, { body: { text: 'payroll', conversation_id: refused } }))
        .status,
    ).toBe(401);
    expect(
      (
        await analyst(`/assistants/${ids.general}/model`, {
          body: { text: 'x', conversation_id: refused, stream: 'yes' },
        })
      ).status,
    ).toBe(400);
    expect((await analyst(`/conversations/${refused}`)).status).toBe(404);
  });

  it("calling with someone else's conversation id → 403 Access denied, nothing stored", async () => {
    const id = randomUUID();
    await ask(analyst, { text: 'mine', conversation_id: id });
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    const response = await viewer(`/assistants/${ids.general}/model`, {
      body: { text: 'not yours', conversation_id: id },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Access denied');
    expect((await conversation(analyst, id)).history).toHaveLength(2);
  });
});
