// Contract: tool-call approval as current servers do it (CURRENT-SERVERS.md §1): the policies, the pause signal, the
// stored pending call, and the resume endpoint that allows or denies it and streams the rest of the same turn.
import { describe, expect, it } from 'vitest';
import { api, ids, passwordToken, platformWithAnalyst } from '../test-support';
import { approvalIds, askStreamed, conversationOf, errorOf, isPause, resumeCall, resumed } from './approval-support';

const { analyst, platform } = platformWithAnalyst(1);
const { recordsKeeper, guardedOperator, twoStepMigrator, lockedAuditor, jiraHelper } = approvalIds;

type Permissions = { tool_call_policy: string; allow_override: boolean };
type Item = { role: string; message: string; historyIndex: number; thoughts: Record<string, unknown>[] };

const resumeCount = async (assistant: string, action: string): Promise<number> => {
  const url = `${platform().origin}/__test/posts?assistant=${assistant}&action=${action}`;
  return ((await (await fetch(url)).json()) as { resumes: number }).resumes;
};

describe('tool permissions', () => {
  it('are on every assistant of the list and of GET one, the defaults filled in', async () => {
    const list = (await (await analyst('/assistants?per_page=100')).json()) as {
      data: { id: string; tool_permissions: Permissions }[];
    };
    const of = (id: string) => list.data.find((item) => item.id === id)?.tool_permissions;
    expect(of(ids.general)).toEqual({ tool_call_policy: 'auto_approve', allow_override: true });
    expect(of(recordsKeeper)).toEqual({ tool_call_policy: 'ask_for_approval', allow_override: true });
    expect(of(guardedOperator)).toEqual({ tool_call_policy: 'approve_for_me', allow_override: true });
    expect(of(lockedAuditor)).toEqual({ tool_call_policy: 'ask_for_approval', allow_override: false });
    const one = (await (await analyst(`/assistants/id/${lockedAuditor}`)).json()) as Record<string, unknown>;
    expect(one['tool_permissions']).toEqual({ tool_call_policy: 'ask_for_approval', allow_override: false });
  });
});

describe('the pause', () => {
  it('streams the tool start, then ONE last chunk with the same thought paused; the tool is not called', async () => {
    const asked = await askStreamed(analyst, recordsKeeper, 'Delete the inactive customers');
    const start = asked.thoughts[0];
    expect(start).toMatchObject({
      in_progress: true,
      author_type: 'Tool',
      author_name: 'Delete Records',
      input_text: JSON.stringify({ table: 'customers', ids: ['CUS-1042', 'CUS-1043', 'CUS-1051'] }),
    });
    expect(asked.thoughts).toHaveLength(2);
    const { thought, ...rest } = asked.last;
    expect(rest).toMatchObject({ last: true, generated: null, time_elapsed: null, generated_chunk: null });
    expect(rest).toHaveProperty('a2ui', null);
    expect(rest).toHaveProperty('tool_call_pending', null);
    expect(thought).toEqual({
      ...start,
      in_progress: false,
      interrupted: true,
      aborted: false,
      message: 'Tool call is waiting for user approval.',
    });
    expect(asked.chunks.some((chunk) => chunk.generated_chunk !== null)).toBe(false);

    const stored = await conversationOf(analyst, asked.conversationId);
    const history = stored['history'] as Item[];
    expect(history.map((item) => [item.role, item.message])).toEqual([
      ['User', 'Delete the inactive customers'],
      ['Assistant', ''],
    ]);
    expect(history[1]?.thoughts).toEqual([
      expect.objectContaining({ id: start?.id, interrupted: true, in_progress: false, aborted: false }),
    ]);
    expect(stored['tool_call_policy']).toBeNull();
    const pending = stored['pending_tool_call'] as Record<string, unknown>;
    expect(Object.keys(pending).sort()).toEqual(
      [
        'all_tool_call_ids',
        'display_name',
        'history_index',
        'original_user_message',
        'pending_tool_call_id',
        'tool_args',
        'tool_name',
      ].sort(),
    );
    expect(pending).toMatchObject({
      tool_name: 'delete_records',
      tool_args: { table: 'customers', ids: ['CUS-1042', 'CUS-1043', 'CUS-1051'] },
      display_name: 'Delete Records',
      history_index: 0,
      original_user_message: 'Delete the inactive customers',
    });
    expect(pending['pending_tool_call_id']).toMatch(/^call_[0-9a-f]{24}$/);
    expect(pending['all_tool_call_ids']).toEqual([pending['pending_tool_call_id']]);
  });

  it('an idle conversation has pending_tool_call null', async () => {
    const asked = await askStreamed(analyst, guardedOperator, 'List the customers');
    expect((await conversationOf(analyst, asked.conversationId))['pending_tool_call']).toBeNull();
  });
});

describe('resume', () => {
  it('allow: the tool thought is replayed, the tool runs, the answer streams into the same turn', async () => {
    const asked = await askStreamed(analyst, recordsKeeper, 'Delete the inactive customers');
    const id = asked.last.thought?.id;
    const before = await resumeCount(recordsKeeper, 'allow');
    const allowed = await resumed(analyst, recordsKeeper, asked.conversationId, 'allow');
    expect(await resumeCount(recordsKeeper, 'allow')).toBe(before + 1);
    expect(allowed.thoughts[0]).toMatchObject({ id, in_progress: true, interrupted: false });
    const done = allowed.thoughts.find((thought) => thought.id === id && !thought.in_progress);
    // The tool's own output: it ran on the MCP server.
    expect(JSON.parse(done?.message ?? '{}')).toMatchObject({
      tool: 'delete_records',
      deleted: ['CUS-1042', 'CUS-1043', 'CUS-1051'],
    });
    expect(allowed.chunks.some((chunk) => chunk.generated_chunk !== null)).toBe(true);
    expect(allowed.last.generated).toMatch(/^Deleted 3 records from customers/);
    expect(allowed.last.time_elapsed).toEqual(expect.any(Number));
    expect(isPause(allowed.last)).toBe(false);

    const stored = await conversationOf(analyst, asked.conversationId);
    expect(stored['pending_tool_call']).toBeNull();
    const history = stored['history'] as Item[];
    expect(history).toHaveLength(2);
    expect(history[1]?.message).toBe(allowed.last.generated);
    expect(history[1]?.thoughts).toEqual([
      expect.objectContaining({ id, interrupted: false, in_progress: false, message: done?.message }),
    ]);
    const again = await errorOf(
      await resumeCall(analyst, recordsKeeper, { conversation_id: asked.conversationId, action: 'allow' }),
    );
    expect(again).toMatchObject({ status: 404, message: 'No pending tool call found for this conversation.' });
  });

  it('deny: an aborted thought, then an answer that did not delete; the call is cleared', async () => {
    const asked = await askStreamed(analyst, recordsKeeper, 'Delete the inactive customers');
    const id = asked.last.thought?.id;
    const denied = await resumed(analyst, recordsKeeper, asked.conversationId, 'deny');
    expect(denied.thoughts[0]).toMatchObject({
      id,
      aborted: true,
      in_progress: false,
      message: 'Tool call was denied by the user.',
    });
    expect(denied.thoughts).toHaveLength(1);
    expect(denied.last.generated).toMatch(/did not delete anything/);
    const stored = await conversationOf(analyst, asked.conversationId);
    expect(stored['pending_tool_call']).toBeNull();
    expect((stored['history'] as Item[])[1]?.thoughts[0]).toMatchObject({ aborted: true, interrupted: false });
  });

  it('answers 404 with nothing pending, 401 for a foreign conversation, 422 for a bad action', async () => {
    const unknown = await resumeCall(analyst, recordsKeeper, { conversation_id: 'nope', action: 'allow' });
    expect(await errorOf(unknown)).toMatchObject({
      status: 404,
      message: 'No pending tool call found for this conversation.',
    });
    const idle = await askStreamed(analyst, guardedOperator, 'List the orders');
    expect(
      (await resumeCall(analyst, guardedOperator, { conversation_id: idle.conversationId, action: 'deny' })).status,
    ).toBe(404);

    const paused = await askStreamed(analyst, recordsKeeper, 'Delete the stale orders');
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    const foreign = await resumeCall(viewer, recordsKeeper, {
      conversation_id: paused.conversationId,
      action: 'allow',
    });
    expect(await errorOf(foreign)).toMatchObject({ status: 401, message: 'Access denied' });
    const bad = await resumeCall(analyst, recordsKeeper, { conversation_id: paused.conversationId, action: 'maybe' });
    expect(bad.status).toBe(422);
    const missing = await errorOf(await resumeCall(analyst, recordsKeeper, { conversation_id: paused.conversationId }));
    expect(missing).toMatchObject({ status: 422, message: 'action: Field required' });
    // None of these touched the pending call.
    expect((await conversationOf(analyst, paused.conversationId))['pending_tool_call']).not.toBeNull();
  });

  it('a resume refused by the knob fails inside the stream (200, an error chunk) and leaves the call pending', async () => {
    const paused = await askStreamed(analyst, recordsKeeper, 'Delete the stale invoices');
    const knob = (code: string) =>
      fetch(`${platform().origin}/__test/refusal?conversation=${paused.conversationId}&code=${code}`, {
        method: 'POST',
      });
    await knob('tool_call_not_pending');
    const failed = await resumed(analyst, recordsKeeper, paused.conversationId, 'allow');
    expect(failed.last).toMatchObject({
      last: true,
      success: false,
      execution_error: 'tool_call_not_pending',
      generated: 'No pending tool call found for this conversation.',
    });
    expect((await conversationOf(analyst, paused.conversationId))['pending_tool_call']).not.toBeNull();
    await knob('off');
    const allowed = await resumed(analyst, recordsKeeper, paused.conversationId, 'deny');
    expect(allowed.last.generated).toMatch(/^I did not delete anything/);
  });

  it('stream false: the /model JSON answer, and the turn stored the same way', async () => {
    const asked = await askStreamed(analyst, recordsKeeper, 'Delete the inactive invoices');
    const response = await resumeCall(analyst, recordsKeeper, {
      conversation_id: asked.conversationId,
      action: 'allow',
      stream: false,
      pending_tool_call_id: 'ignored',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { generated: string; timeElapsed: number };
    expect(body.generated).toMatch(/^Deleted 1 records from invoices: INV-41/);
    const stored = await conversationOf(analyst, asked.conversationId);
    expect((stored['history'] as Item[])[1]?.message).toBe(body.generated);
    expect(stored['pending_tool_call']).toBeNull();
  });

  it('a turn with two tool batches pauses twice; each allow continues the same history item', async () => {
    const asked = await askStreamed(analyst, twoStepMigrator, 'Migrate the orders table');
    expect(asked.last.thought).toMatchObject({ author_name: 'List Records', interrupted: true });
    const first = await resumed(analyst, twoStepMigrator, asked.conversationId, 'allow');
    expect(first.thoughts.map((thought) => [thought.author_name, thought.in_progress])).toEqual([
      ['List Records', true],
      ['List Records', false],
      ['Delete Records', true],
      ['Delete Records', false],
    ]);
    expect(isPause(first.last)).toBe(true);
    expect(first.last.generated).toBeNull();
    const pending = (await conversationOf(analyst, asked.conversationId))['pending_tool_call'];
    expect(pending).toMatchObject({
      tool_name: 'delete_records',
      tool_args: { table: 'orders', ids: ['ORD-6120', 'ORD-6121'] },
      history_index: 0,
    });
    const second = await resumed(analyst, twoStepMigrator, asked.conversationId, 'allow');
    expect(second.last.generated).toMatch(/Deleted 2 records from orders/);
    const stored = await conversationOf(analyst, asked.conversationId);
    expect(stored['pending_tool_call']).toBeNull();
    const history = stored['history'] as Item[];
    expect(history).toHaveLength(2);
    expect(history[1]?.thoughts.map((thought) => thought['author_name'])).toEqual(['List Records', 'Delete Records']);
  });
});

describe('policy', () => {
  it('request, then conversation, then assistant; allow_override false keeps the assistant’s own', async () => {
    const auto = await askStreamed(analyst, recordsKeeper, 'Delete the inactive customers', {
      tool_call_policy: 'auto_approve',
    });
    expect(isPause(auto.last)).toBe(false);
    expect(auto.last.generated).toMatch(/^Deleted 3 records from customers/);

    const chat = await askStreamed(analyst, guardedOperator, 'List the invoices');
    const put = await analyst(`/conversations/${chat.conversationId}`, {
      method: 'PUT',
      body: { tool_call_policy: 'ask_for_approval' },
    });
    expect(((await put.json()) as Record<string, unknown>)['tool_call_policy']).toBe('ask_for_approval');
    expect((await conversationOf(analyst, chat.conversationId))['tool_call_policy']).toBe('ask_for_approval');
    const byChat = await askStreamed(analyst, guardedOperator, 'List the invoices', {
      conversation_id: chat.conversationId,
    });
    expect(isPause(byChat.last)).toBe(true);
    const byRequest = await askStreamed(analyst, guardedOperator, 'List the invoices', {
      conversation_id: chat.conversationId,
      tool_call_policy: 'approve_for_me',
    });
    expect(isPause(byRequest.last)).toBe(false);

    const locked = await askStreamed(analyst, lockedAuditor, 'Audit the invoices', {
      tool_call_policy: 'auto_approve',
    });
    expect(isPause(locked.last)).toBe(true);
    await analyst(`/conversations/${locked.conversationId}`, {
      method: 'PUT',
      body: { tool_call_policy: 'auto_approve' },
    });
    const lockedChat = await askStreamed(analyst, lockedAuditor, 'Audit the invoices', {
      conversation_id: locked.conversationId,
    });
    expect(isPause(lockedChat.last)).toBe(true);
  });

  it('validates the policy on the call and on PUT (422); PUT null clears it', async () => {
    const bad = await analyst(`/assistants/${recordsKeeper}/model`, { body: { text: 'x', tool_call_policy: 'yolo' } });
    expect(await errorOf(bad)).toMatchObject({
      status: 422,
      message: "tool_call_policy: Input should be 'auto_approve', 'approve_for_me' or 'ask_for_approval'",
    });
    const chat = await askStreamed(analyst, guardedOperator, 'List the customers');
    const path = `/conversations/${chat.conversationId}`;
    expect(
      (await analyst(path, { method: 'PUT', body: { tool_call_policy: 'sometimes', name: 'kept?' } })).status,
    ).toBe(422);
    expect((await conversationOf(analyst, chat.conversationId))['conversation_name']).not.toBe('kept?');
    await analyst(path, { method: 'PUT', body: { tool_call_policy: 'approve_for_me' } });
    await analyst(path, { method: 'PUT', body: { tool_call_policy: null } });
    expect((await conversationOf(analyst, chat.conversationId))['tool_call_policy']).toBeNull();
  });

  it('approve_for_me: a safe tool never pauses, an unsafe one does', async () => {
    const listed = await askStreamed(analyst, guardedOperator, 'List the customers');
    expect(listed.thoughts.map((thought) => thought.author_name)).toEqual(['List Records', 'List Records']);
    expect(listed.last.generated).toMatch(/The \*\*customers\*\* table has 4 records/);
    const removing = await askStreamed(analyst, guardedOperator, 'Remove the inactive customers');
    expect(removing.last.thought).toMatchObject({ author_name: 'Delete Records', interrupted: true });
  });
});

describe('connect errors before a stream starts', () => {
  it('oauth_connect_required, or authentication_required for the MCP server, with 401', async () => {
    const oauth = await analyst(`/assistants/${jiraHelper}/model`, {
      body: { text: 'Show my Jira tickets', stream: true },
    });
    expect(oauth.status).toBe(401);
    expect(await oauth.json()).toEqual({
      error: 'oauth_connect_required',
      providers: [{ error: 'jira_auth_required', setting_id: expect.any(String), integration_name: 'Jira (acme)' }],
    });
    const mcp = await analyst(`/assistants/${jiraHelper}/model`, { body: { text: 'Ask the Jira MCP server' } });
    expect(mcp.status).toBe(401);
    expect(await mcp.json()).toMatchObject({ error: 'authentication_required', servers: [expect.any(Object)] });
  });
});
