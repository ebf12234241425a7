// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { buildAnswer } from '@/domain/a2ui/answer';
import type { ComponentOf } from '@/domain/a2ui/catalog';
import { foldEnvelopes } from '@/domain/a2ui/surface';
import { visiblePath } from '@/domain/conversations/versions';
import { ConsoleDatabase } from '@/lib/storage/db';
import { envelopesOf } from '@/test/a2ui-surfaces';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { conversationRepository } from '@/features/chat/conversations/conversation-repository';
import { createChatRuntime } from './create-chat-runtime';
import { createChatStore } from './chat-store';

// An obscured A2UI field is a secret: its value goes to the server on the wire and nowhere else. The turn, the
// database and the request log keep the mask; what the answer repeats of it is masked too; Regenerate needs it typed.

const secret = 'obscured-123';
const ndjson = (...chunks: unknown[]): Reply => ({
  contentType: 'application/x-ndjson',
  parts: chunks.map((chunk) => `${JSON.stringify(chunk)}\n`),
});
const components = [
  { id: 'root', component: 'Column', children: ['user', 'token', 'go'] },
  { id: 'user', component: 'TextField', label: 'User', value: { path: '/user' } },
  { id: 'token', component: 'TextField', label: 'API token', value: { path: '/token' }, variant: 'obscured' },
  { id: 'go-words', component: 'Text', text: 'Connect' },
  { id: 'go', component: 'Button', child: 'go-words', action: { event: { name: 'connect' } } },
];
const envelopes = envelopesOf('s1', components, { user: '', token: '' });
const asking = ndjson(...envelopes.map((a2ui) => ({ a2ui, last: false })), {
  generated: '',
  last: true,
  time_elapsed: 0.1,
});
// A careless agent repeats the token in its answer.
const answered = ndjson(
  { generated_chunk: `Connected ada with ${secret}.`, last: false },
  { generated: `Connected ada with ${secret}.`, last: true, time_elapsed: 0.2 },
);
const choice = { assistant: { id: 'a-form', name: 'Form Agent' }, model: '', mode: 'stream' as const };

let databases = 0;
function setUp(replies: Reply[]) {
  const network = fakeNetwork(replies);
  const store = createChatStore();
  const database = new ConsoleDatabase(`form-secrets-test-${(databases += 1)}`);
  const { client } = clientFor(network.fetchImpl);
  let ids = 0;
  const runtime = createChatRuntime({
    store,
    repository: conversationRepository('alice', database),
    client: () => client,
    newId: () => `id-${(ids += 1)}`,
    schedule: (run) => setTimeout(run, 0),
  });
  const last = () =>
    visiblePath(store.getState().turns.c1 ?? [], store.getState().conversations.c1?.selection ?? {}).at(-1);
  const settled = () => expect.poll(() => Object.keys(store.getState().live).length).toBe(0);
  const sentBodies = () =>
    network.calls.map((call) => JSON.parse(String(call.init?.body ?? '{}')) as Record<string, unknown>);
  return { network, runtime, last, settled, database, client, sentBodies, store };
}

async function answerTheForm(context: ReturnType<typeof setUp>) {
  context.runtime.ask('c1', 'Connect my account', choice);
  await context.settled();
  const askingTurn = context.last();
  const [surface] = foldEnvelopes(askingTurn?.answer.a2uiEnvelopes ?? []);
  if (!askingTurn || !surface) throw new Error('the agent should have asked with a form');
  const button = surface.components.get('go') as ComponentOf<'Button'>;
  const answer = buildAnswer(surface, { user: 'ada', token: secret }, button);
  context.runtime.answerForm('c1', askingTurn.id, answer);
  await context.settled();
}

describe('an obscured form field', () => {
  it('goes on the wire, while the turn, the database, the log and the answer keep the mask', async () => {
    const context = setUp([asking, answered]);
    await answerTheForm(context);
    expect(context.sentBodies()[1]?.['a2uiDataModel']).toEqual({ user: 'ada', token: secret });

    const turn = context.last();
    expect(turn?.a2uiAnswer?.dataModel).toEqual({ user: 'ada', token: '••••••' });
    expect(turn?.a2uiAnswer?.secretFields).toEqual([{ path: '/token', label: 'API token' }]);
    expect(turn?.answer.text).toBe('Connected ada with ••••••.');
    const stored = JSON.stringify(await context.database.table('turns').toArray());
    expect(stored).toContain('ada');
    expect(stored).not.toContain(secret);
    const logged = JSON.stringify(context.client.log.entries());
    expect(logged).toContain('"user\\":\\"ada\\"');
    expect(logged).not.toContain(secret);
  });

  it('is not sent again by Regenerate until it is typed again', async () => {
    const context = setUp([asking, answered, answered]);
    await answerTheForm(context);
    const turn = context.last();
    if (!turn) throw new Error('the answer should be there');

    expect(context.runtime.regenerate('c1', turn, 'stream')).toBe(false);
    expect(context.network.calls).toHaveLength(2);

    expect(context.runtime.regenerate('c1', turn, 'stream', { '/token': 'typed-again' })).toBe(true);
    await context.settled();
    expect(context.sentBodies()[2]?.['a2uiDataModel']).toEqual({ user: 'ada', token: 'typed-again' });
    expect(context.last()?.a2uiAnswer?.dataModel).toEqual({ user: 'ada', token: '••••••' });
  });
});

describe('a form answer the server refuses', () => {
  it('leaves no failed turn: the form says why and is open again', async () => {
    const refused: Reply = {
      status: 422,
      contentType: 'application/json',
      parts: [JSON.stringify({ error: { message: "Unknown A2UI data model key: 'bogus'" } })],
    };
    const context = setUp([asking, refused]);
    await answerTheForm(context);
    expect(context.store.getState().turns.c1?.map((turn) => turn.question)).toEqual(['Connect my account']);
    expect(context.last()?.status).toBe('waiting');
    await expect.poll(() => context.database.table('turns').count()).toBe(1);
  });
});
