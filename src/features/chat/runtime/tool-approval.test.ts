// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { visiblePath } from '@/domain/conversations/versions';
import { ConsoleDatabase } from '@/lib/storage/db';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { createChatRuntime } from './create-chat-runtime';
import { createChatStore } from './chat-store';
import { conversationRepository } from '@/features/chat/conversations/conversation-repository';
import type { ServerConversations } from '@/features/chat/conversations/server-conversations';
import type { ServerConversation } from '@/api/conversations/conversation-schemas';

// A current server pauses a tool call for approval (CURRENT-SERVERS.md §1): the turn waits, Allow or Deny sends one
// resume call, and the answer goes on in the same turn.

const ndjson = (...chunks: unknown[]): Reply => ({
  contentType: 'application/x-ndjson',
  parts: chunks.map((chunk) => JSON.stringify(chunk)),
});
const toolThought = {
  id: 'tool-1',
  parent_id: null,
  author_type: 'Tool',
  author_name: 'Delete Records',
  input_text: '{"table":"customers","ids":[1,2,3]}',
  message: '',
  in_progress: true,
  metadata: {},
  children: [],
};
const paused = ndjson(
  { thought: toolThought, last: false },
  {
    thought: {
      ...toolThought,
      input_text: '',
      message: 'Tool call is waiting for user approval.',
      in_progress: false,
      interrupted: true,
    },
    last: true,
    generated: null,
    time_elapsed: null,
    a2ui: null,
    tool_call_pending: null,
  },
);
const choice = { assistant: { id: 'a-keeper', name: 'Records Keeper' }, model: '', mode: 'stream' as const };
const heldCall = { tool_name: 'delete_records', display_name: 'Delete Records', tool_args: toolThought.input_text };

/** The server's conversations, as far as a decision reads them: its pending call now ('fails': the read fails). */
function serverHolding(pending: { current: ServerConversation['pending_tool_call'] | 'fails' }): ServerConversations {
  const nothing = async () => undefined;
  return {
    support: async () => 'available',
    get: async (id) => {
      if (pending.current === 'fails') throw new TypeError('Failed to fetch');
      return { id, history: [], pending_tool_call: pending.current };
    },
    read(id) {
      return this.get(id);
    },
    rename: nothing,
    pin: nothing,
    setToolPolicy: nothing,
    remove: nothing,
    finish: async () => null,
    restore: nothing,
    changed: () => undefined,
    watch: () => ({ readNow: () => undefined, stop: () => undefined, over: true }),
  };
}

let databases = 0;
function setUp(replies: Reply[], server?: ServerConversations, idleMs?: number) {
  const network = fakeNetwork(replies);
  const store = createChatStore();
  let ids = 0;
  const runtime = createChatRuntime({
    store,
    repository: conversationRepository('alice', new ConsoleDatabase(`approval-test-${(databases += 1)}`)),
    client: () => clientFor(network.fetchImpl, undefined, undefined, idleMs).client,
    newId: () => `id-${(ids += 1)}`,
    schedule: (run) => setTimeout(run, 0),
    ...(server ? { server } : {}),
  });
  const last = () =>
    visiblePath(store.getState().turns.c1 ?? [], store.getState().conversations.c1?.selection ?? {}).at(-1);
  const settled = () => expect.poll(() => Object.keys(store.getState().live).length).toBe(0);
  return { network, runtime, last, settled, store };
}

describe('a tool call paused for approval', () => {
  it('waits for the person instead of ending as an empty answer, and Allow goes on in the same turn', async () => {
    const allowed = ndjson(
      { thought: { ...toolThought, input_text: toolThought.input_text }, last: false },
      { thought: { ...toolThought, message: 'Deleted 3 records', in_progress: false }, last: false },
      { generated_chunk: 'Deleted 3 records from customers.', last: false },
      { generated: 'Deleted 3 records from customers.', last: true, time_elapsed: 1.5 },
    );
    const { network, runtime, last, settled } = setUp([paused, allowed]);
    runtime.ask('c1', 'Delete customers 1, 2 and 3', choice);
    await settled();
    const waiting = last();
    expect(waiting?.status).toBe('waiting');
    expect(waiting?.answer.pausedToolCall).toEqual({
      thoughtId: 'tool-1',
      toolName: 'Delete Records',
      args: '{"table":"customers","ids":[1,2,3]}',
    });

    runtime.decideToolCall('c1', waiting?.id ?? '', 'allow');
    // A second click while the first goes out sends nothing.
    runtime.decideToolCall('c1', waiting?.id ?? '', 'allow');
    await settled();
    expect(network.calls).toHaveLength(2);
    expect(network.calls[1]?.url).toBe(
      'http://api.test/code-assistant-api/v1/assistants/a-keeper/model/tool-call/resume',
    );
    expect(JSON.parse(String(network.calls[1]?.init?.body))).toEqual({
      conversation_id: 'c1',
      action: 'allow',
      stream: true,
    });
    const done = last();
    expect(done?.id).toBe(waiting?.id);
    expect(done?.status).toBe('completed');
    expect(done?.answer.text).toBe('Deleted 3 records from customers.');
    expect(done?.answer.pausedToolCall).toBeUndefined();
    const tool = done?.answer.thoughts.roots[0];
    expect(tool).toMatchObject({ id: 'tool-1', message: 'Deleted 3 records', interrupted: false, inProgress: false });
    // The node keeps who let it run, and since when it had waited for them.
    expect(tool?.decision).toEqual({ action: 'allow', at: expect.any(Number), waitedFrom: waiting?.endedAt });
  });

  it('a turn that pauses again waits again, with the next call', async () => {
    const second = { ...toolThought, id: 'tool-2', author_name: 'List Records', input_text: '{"table":"orders"}' };
    const pausedAgain = ndjson(
      { thought: { ...toolThought, message: 'ok', in_progress: false }, last: false },
      { thought: second, last: false },
      { thought: { ...second, interrupted: true, in_progress: false }, last: true, generated: null },
    );
    const { runtime, last, settled } = setUp([paused, pausedAgain]);
    runtime.ask('c1', 'Migrate', choice);
    await settled();
    runtime.decideToolCall('c1', last()?.id ?? '', 'deny');
    await settled();
    expect(last()?.status).toBe('waiting');
    expect(last()?.answer.pausedToolCall?.toolName).toBe('List Records');
  });

  it('says when the call was already handled elsewhere (404)', async () => {
    const gone: Reply = {
      status: 404,
      contentType: 'application/json',
      parts: [JSON.stringify({ error: { message: 'No pending tool call found for this conversation.' } })],
    };
    const { runtime, last, settled } = setUp([paused, gone]);
    runtime.ask('c1', 'Delete customers', choice);
    await settled();
    runtime.decideToolCall('c1', last()?.id ?? '', 'deny');
    await settled();
    expect(last()?.status).toBe('failed');
    expect(last()?.error?.title).toBe('This tool call was already handled or has expired');
  });

  describe('where the server keeps conversations, a decision goes only to the call the card shows', () => {
    const shownCall = {
      tool_name: 'delete_records',
      display_name: 'Delete Records',
      // The same arguments in another key order and spacing.
      tool_args: { ids: [1, 2, 3], table: 'customers' },
      history_index: 0,
    };
    const allowed = ndjson({ generated: 'Deleted.', last: true, time_elapsed: 0.5 });

    it('sends it when the server still holds that call', async () => {
      const { network, runtime, last, settled } = setUp([paused, allowed], serverHolding({ current: shownCall }));
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'allow');
      await expect.poll(() => last()?.status).toBe('completed');
      expect(network.calls.map((call) => call.url.split('/').at(-1))).toEqual(['model', 'resume']);
    });

    it('sends nothing when another call waits now, and the card shows that one and what changed', async () => {
      const newer = { ...shownCall, display_name: 'Drop Table', tool_args: { table: 'customers' } };
      const { network, runtime, last, settled } = setUp([paused, allowed], serverHolding({ current: newer }));
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'allow');
      await expect.poll(() => last()?.answer.pausedToolCall?.toolName).toBe('Drop Table');
      expect(last()?.status).toBe('waiting');
      expect(last()?.answer.pausedToolCall).toMatchObject({
        args: '{"table":"customers"}',
        changedFrom: { toolName: 'Delete Records', args: '{"table":"customers","ids":[1,2,3]}' },
      });
      expect(network.calls).toHaveLength(1);
    });

    it('sends nothing when nothing waits any more, or when the server cannot be asked, and says so', async () => {
      const pending: { current: ServerConversation['pending_tool_call'] | 'fails' } = { current: 'fails' };
      const { network, runtime, last, settled, store } = setUp([paused], serverHolding(pending));
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'deny');
      await expect.poll(() => store.getState().problem).toMatch(/^Nothing was denied: the server could not be asked/);
      pending.current = null;
      runtime.decideToolCall('c1', last()?.id ?? '', 'deny');
      await expect.poll(() => store.getState().problem).toMatch(/^That tool call no longer waits/);
      expect(network.calls).toHaveLength(1);
    });
  });

  describe('what people ask of approvals', () => {
    const deleted = ndjson({ generated: 'Deleted.', last: true, time_elapsed: 0.5 });
    const bodies = (network: ReturnType<typeof setUp>['network']) =>
      network.calls.map((call) => JSON.parse(String(call.init?.body)) as Record<string, unknown>);

    const keeperAllowance = { assistantId: 'a-keeper', assistantName: 'Records Keeper', toolName: 'Delete Records' };
    const holding = () => serverHolding({ current: { ...heldCall, all_tool_call_ids: ['call_1'] } });

    it('"Allow for the rest of this chat" answers the next pause of that tool at once, where the chat may loosen its policy', async () => {
      const { network, runtime, last, settled, store } = setUp([paused, deleted, paused, deleted, paused], holding());
      runtime.allowancesApply('c1', true);
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'allow', { always: true });
      await expect.poll(() => last()?.status).toBe('completed');
      expect(store.getState().conversations.c1?.allowedTools).toEqual([keeperAllowance]);
      expect(store.getState().conversations.c1?.allowancesRev).toBe(1);

      runtime.ask('c1', 'Delete the other customers', choice);
      await expect.poll(() => network.calls.length).toBe(4);
      await expect.poll(() => last()?.status).toBe('completed');
      // One resume, sent by the standing choice; the node says so.
      expect(bodies(network)[3]).toMatchObject({ action: 'allow' });
      expect(last()?.answer.thoughts.roots[0]?.decision).toMatchObject({ action: 'allow', standing: true });

      // Taken back: the next pause waits for the person again.
      runtime.revokeAllowance('c1', keeperAllowance);
      // Counted as a change, so another tab's older copy does not bring it back (chat-services.ts).
      expect(store.getState().conversations.c1).toMatchObject({ allowedTools: [], allowancesRev: 2 });
      runtime.ask('c1', 'Delete more', choice);
      await settled();
      await expect.poll(() => last()?.status).toBe('waiting');
      expect(network.calls).toHaveLength(5);
    });

    it('a standing allowance is not applied where an assistant does not let the chat loosen its policy, or before that is known', async () => {
      const { network, runtime, last, settled, store } = setUp([paused, deleted, paused, paused], holding());
      runtime.allowancesApply('c1', true);
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'allow', { always: true });
      await expect.poll(() => last()?.status).toBe('completed');
      runtime.allowancesApply('c1', false);
      runtime.ask('c1', 'Delete again', choice);
      await settled();
      expect(last()?.status).toBe('waiting');
      expect(network.calls).toHaveLength(3);
      expect(store.getState().conversations.c1?.allowedTools).toEqual([keeperAllowance]);
    });

    it('a standing allowance does not answer a batch of calls (the card showed one of them)', async () => {
      const batch = serverHolding({ current: { ...heldCall, all_tool_call_ids: ['call_1', 'call_2'] } });
      const { network, runtime, last, settled } = setUp([paused, deleted, paused], batch);
      runtime.allowancesApply('c1', true);
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'allow', { always: true });
      await expect.poll(() => last()?.status).toBe('completed');
      runtime.ask('c1', 'Delete again', choice);
      await settled();
      await expect.poll(() => last()?.status).toBe('waiting');
      expect(network.calls.map((call) => call.url.split('/').at(-1))).toEqual(['model', 'resume', 'model']);
    });

    it('Deny with a reason denies once, then asks the reason as the next question when that turn ends', async () => {
      const denied = ndjson({ generated: 'I did not delete anything.', last: true, time_elapsed: 0.5 });
      const next = ndjson({ generated: 'Using the staging copy.', last: true, time_elapsed: 0.5 });
      const { network, runtime, last, settled } = setUp([paused, denied, next]);
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      const waiting = last()?.id ?? '';
      runtime.decideToolCall('c1', waiting, 'deny', { reason: '  use the staging copy ' });
      runtime.decideToolCall('c1', waiting, 'deny', { reason: 'twice' });
      await expect.poll(() => network.calls.length).toBe(3);
      await expect.poll(() => last()?.status).toBe('completed');
      expect(bodies(network)[1]).toEqual({ conversation_id: 'c1', action: 'deny', stream: true });
      expect(bodies(network)[2]).toMatchObject({ text: 'Denied: use the staging copy', conversation_id: 'c1' });
      expect(last()?.question).toBe('Denied: use the staging copy');
    });

    it('a resume that fails inside the stream says the approval is gone, reads the server again, and retries nothing', async () => {
      const errorChunk = ndjson({
        generated: 'No pending tool call found for this conversation.',
        last: true,
        success: false,
        execution_error: 'tool_call_not_pending',
      });
      const pending: { current: ServerConversation['pending_tool_call'] | 'fails' } = {
        current: { tool_name: 'delete_records', display_name: 'Delete Records', tool_args: toolThought.input_text },
      };
      const server = serverHolding(pending);
      const reads: string[] = [];
      const { network, runtime, last, settled, store } = setUp([paused, errorChunk], {
        ...server,
        get: async (id, turnId) => (reads.push(id), server.get(id, turnId)),
      });
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'allow');
      await expect
        .poll(() => store.getState().problem)
        .toBe(
          'Your Allow did not go through: the server said “No pending tool call found for this conversation.” The call still waits: look at it again, then allow or deny it.',
        );
      await settled();
      // Read before the decision, and again after it failed: the server still holds the call, so the card is back,
      // with no error of the failed resume left in the answer.
      expect(reads.length).toBeGreaterThanOrEqual(2);
      expect(last()?.status).toBe('waiting');
      expect(last()?.answer.executionError).toBeUndefined();
      expect(network.calls.map((call) => call.url.split('/').at(-1))).toEqual(['model', 'resume']);
    });

    it('a resume answered 5xx is said once, and where nothing waits any more the chat is read again; nothing is resent', async () => {
      const unavailable: Reply = {
        status: 503,
        contentType: 'application/json',
        parts: [JSON.stringify({ error: { message: 'Service temporarily unavailable' } })],
      };
      const pending: { current: ServerConversation['pending_tool_call'] | 'fails' } = { current: heldCall };
      const server = serverHolding(pending);
      let reads = 0;
      const { network, runtime, last, settled, store } = setUp([paused, unavailable], {
        ...server,
        get: async (id, turnId) => {
          reads += 1;
          const read = await server.get(id, turnId);
          // The server dropped the call while the resume failed.
          pending.current = null;
          return read;
        },
      });
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      const waiting = last()?.id ?? '';
      runtime.decideToolCall('c1', waiting, 'deny');
      runtime.decideToolCall('c1', waiting, 'deny');
      await expect
        .poll(() => store.getState().problem)
        .toMatch(
          /^Your Deny did not go through: the server said “.+” The tool call may no longer wait for you: this is the chat as the server has it now\.$/,
        );
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reads).toBeGreaterThanOrEqual(2);
      expect(network.calls.map((call) => call.url.split('/').at(-1))).toEqual(['model', 'resume']);
    });

    it('a Deny whose resume fails sends no reason: the queue does not say "Denied" for a call that was not denied', async () => {
      const errorChunk = ndjson({
        generated: 'No pending tool call found for this conversation.',
        last: true,
        success: false,
        execution_error: 'tool_call_not_pending',
      });
      const gone: Reply = {
        status: 404,
        contentType: 'application/json',
        parts: [JSON.stringify({ error: { message: 'No pending tool call found for this conversation.' } })],
      };
      for (const failed of [errorChunk, gone]) {
        const { network, runtime, last, settled, store } = setUp([paused, failed], holding());
        runtime.ask('c1', 'Delete customers', choice);
        await settled();
        runtime.decideToolCall('c1', last()?.id ?? '', 'deny', { reason: 'use the staging copy' });
        await expect.poll(() => store.getState().problem).toMatch(/^Your Deny did not go through/);
        await settled();
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(network.calls.map((call) => call.url.split('/').at(-1))).toEqual(['model', 'resume']);
        expect(store.getState().conversations.c1?.followUps?.items ?? []).toEqual([]);
        expect(store.getState().problem).toContain('Your reason (“use the staging copy”) was not sent.');
      }
    });

    it('a Deny cut short whose call no longer waits on the server most likely went through: its reason goes on', async () => {
      const cut: Reply = { contentType: 'application/x-ndjson', parts: [], failAfterParts: true };
      const pending: { current: ServerConversation['pending_tool_call'] | 'fails' } = { current: heldCall };
      const server = serverHolding(pending);
      const { network, runtime, last, settled, store } = setUp([paused, cut], {
        ...server,
        get: async (id, turnId) => {
          const read = await server.get(id, turnId);
          // Read before the resume it still waits; the server took the denial: nothing waits there any more.
          pending.current = null;
          return read;
        },
      });
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'deny', { reason: 'use the staging copy' });
      await expect.poll(() => store.getState().problem).toContain('Your reason goes as the next question.');
      await settled();
      // Kept for the agent: the reason stays first in the queue (sent once the chat's latest turn lets it go).
      expect(store.getState().conversations.c1?.followUps?.items.map((item) => item.text)).toEqual([
        'Denied: use the staging copy',
      ]);
      expect(network.calls.map((call) => call.url.split('/').at(-1))).toEqual(['model', 'resume']);
    });

    it('a resume cut by the network, with the server unreadable after it, does not claim to show the server’s state', async () => {
      const cut: Reply = { contentType: 'application/x-ndjson', parts: [], failAfterParts: true };
      const pending: { current: ServerConversation['pending_tool_call'] | 'fails' } = { current: heldCall };
      const server = serverHolding(pending);
      const { network, runtime, last, settled, store } = setUp([paused, cut], {
        ...server,
        get: async (id, turnId) => {
          const read = await server.get(id, turnId);
          pending.current = 'fails';
          return read;
        },
      });
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'allow');
      await expect
        .poll(() => store.getState().problem)
        .toBe(
          'Your Allow may not have reached the server: the connection closed before any of the answer came. Whether the call still waits could not be read from the server: open this chat again to see how it stands.',
        );
      await settled();
      expect(network.calls.map((call) => call.url.split('/').at(-1))).toEqual(['model', 'resume']);
    });

    it('a resumed answer silent past the idle limit (a tool at work) is followed on, not said to have failed', async () => {
      const running = { thought: { ...toolThought, input_text: toolThought.input_text }, last: false, a2ui: null };
      const silent: Reply = { ...ndjson(running), stallAfterParts: true };
      const replay = ndjson(running, { generated: 'Deleted 3 records.', last: true, time_elapsed: 9, a2ui: null });
      const { network, runtime, last, settled, store } = setUp([paused, silent, replay], holding(), 800);
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'allow');
      await expect.poll(() => last()?.status, { timeout: 4000 }).toBe('completed');
      expect(last()?.answer.text).toBe('Deleted 3 records.');
      expect(store.getState().problem).toBeNull();
      expect(network.calls.map((call) => call.url.split('/').at(-1))).toEqual(['model', 'resume', 'stream']);
    });

    it('a standing allowance whose resume fails brings the card back once, and is not tried again by itself', async () => {
      const errorChunk = ndjson({
        generated: 'No pending tool call found for this conversation.',
        last: true,
        success: false,
        execution_error: 'tool_call_not_pending',
      });
      const { network, runtime, last, settled, store } = setUp([paused, deleted, paused, errorChunk], holding());
      runtime.allowancesApply('c1', true);
      runtime.ask('c1', 'Delete customers', choice);
      await settled();
      runtime.decideToolCall('c1', last()?.id ?? '', 'allow', { always: true });
      await expect.poll(() => last()?.status).toBe('completed');

      runtime.ask('c1', 'Delete the other customers', choice);
      await expect.poll(() => store.getState().problem).toMatch(/^Your Allow did not go through/);
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The call still waits: the card is back for the person (no standing answer under way), one resume was sent.
      expect(last()?.status).toBe('waiting');
      expect(last()?.answer.pausedToolCall?.toolName).toBe('Delete Records');
      expect(store.getState().allowingByStanding[last()?.id ?? '']).not.toBe(true);
      expect(network.calls.map((call) => call.url.split('/').at(-1))).toEqual(['model', 'resume', 'model', 'resume']);
    });
  });
});
