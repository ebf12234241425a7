// Workflow executions followed to their end over real HTTP: states, outputs, abort, listing.
import { describe, expect, it } from 'vitest';
import { encodeFileUrl } from '../../files/file-url';
import { ids, passwordToken, api, platformWithAnalyst } from '../../test-support';

interface ExecutionRecord {
  execution_id: string;
  overall_status: string;
}

interface ExecutionState {
  id: string;
  name: string;
  status: string;
  started_at: string | null;
  completed_at: string | null;
}

const { analyst, platform } = platformWithAnalyst(2);
const analystId = 'c3000000-0000-4000-8000-000000000001';

async function start(
  workflow: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<ExecutionRecord> {
  const response = await analyst(`/workflows/${workflow}/executions`, { body, headers });
  expect(response.status).toBe(200);
  return (await response.json()) as ExecutionRecord;
}

async function until(
  workflow: string,
  id: string,
  done: (record: ExecutionRecord) => boolean,
): Promise<ExecutionRecord> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const record = (await (await analyst(`/workflows/${workflow}/executions/${id}`)).json()) as ExecutionRecord;
    if (done(record)) return record;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the execution did not get there in time');
}

const finished = (record: ExecutionRecord) => record.overall_status !== 'In Progress';

async function statesOf(workflow: string, id: string): Promise<(ExecutionState & { output: string | null })[]> {
  const { data } = (await (await analyst(`/workflows/${workflow}/executions/${id}/states`)).json()) as {
    data: ExecutionState[];
  };
  return Promise.all(
    data.map(async (state) => ({
      ...state,
      ...((await (await analyst(`/workflows/${workflow}/executions/${id}/states/${state.id}/output`)).json()) as {
        output: string | null;
      }),
    })),
  );
}

describe('workflow runs', () => {
  it('runs Summarize document through its three states to a summary of the input', async () => {
    const record = await start(ids.summarize, { user_input: 'Cats sleep a lot. Dogs bark at night. Birds sing.' });
    const done = await until(ids.summarize, record.execution_id, finished);
    expect(done.overall_status).toBe('Succeeded');
    const states = await statesOf(ids.summarize, record.execution_id);
    expect(states.map((state) => [state.name, state.status])).toEqual([
      ['Read input', 'Succeeded'],
      ['Extract key points', 'Succeeded'],
      ['Write summary', 'Succeeded'],
    ]);
    expect(states[2]?.output).toContain('- Cats sleep a lot.');
    expect(states.every((state) => state.started_at && state.completed_at)).toBe(true);
  });

  it('echoes tags, session id and the decoded file name; the session defaults to the execution id', async () => {
    // The caller's own upload: current servers refuse anyone else's at start (files/run-files.ts).
    const fileUrl = encodeFileUrl({ mime: 'text/csv', owner: analystId, name: 'in.csv' });
    const record = await start(ids.tagEcho, { tags: ['nightly', 'q3'], session_id: 'batch-7', file_name: fileUrl });
    await until(ids.tagEcho, record.execution_id, finished);
    const [state] = await statesOf(ids.tagEcho, record.execution_id);
    expect(JSON.parse(state?.output ?? '{}')).toMatchObject({
      tags: ['nightly', 'q3'],
      session_id: 'batch-7',
      file_name: 'in.csv',
    });
    const plain = await start(ids.tagEcho);
    await until(ids.tagEcho, plain.execution_id, finished);
    const [echo] = await statesOf(ids.tagEcho, plain.execution_id);
    expect(JSON.parse(echo?.output ?? '{}')).toMatchObject({ session_id: plain.execution_id, file_name: null });
  });

  it('fails Failing pipeline in its second state, with the error as output', async () => {
    const record = await start(ids.failing);
    expect((await until(ids.failing, record.execution_id, finished)).overall_status).toBe('Failed');
    const states = await statesOf(ids.failing, record.execution_id);
    expect(states.map((state) => state.status)).toEqual(['Succeeded', 'Failed']);
    expect(states[1]?.output).toMatch(/^Error: record 17/);
  });

  it('aborts a running execution in its running state, and answers a second abort alike', async () => {
    const record = await start(ids.summarize, { user_input: 'Long document.' });
    // The first state record appears just after the reply.
    for (
      let attempt = 0;
      attempt < 100 && (await statesOf(ids.summarize, record.execution_id)).length === 0;
      attempt += 1
    );
    const aborted = await analyst(`/workflows/${ids.summarize}/executions/${record.execution_id}/abort`, {
      method: 'PUT',
    });
    expect(aborted.status).toBe(200);
    expect(await aborted.json()).toEqual({ message: 'Workflow execution has been aborted' });
    expect((await until(ids.summarize, record.execution_id, () => true)).overall_status).toBe('Aborted');
    const states = await statesOf(ids.summarize, record.execution_id);
    // The state running when the abort landed ends Aborted (normally the first; a busy machine may be further).
    expect(states.at(-1)?.status).toBe('Aborted');
    expect(states.slice(0, -1).every((state) => state.status === 'Succeeded')).toBe(true);
    const again = await analyst(`/workflows/${ids.summarize}/executions/${record.execution_id}/abort`, {
      method: 'PUT',
    });
    expect(again.status).toBe(200);
  });

  it('lists one person’s executions newest first, and hides them from others', async () => {
    const first = await start(ids.tagEcho, { tags: ['first'] });
    const second = await start(ids.tagEcho, { tags: ['second'] });
    const { data } = (await (await analyst(`/workflows/${ids.tagEcho}/executions?per_page=2`)).json()) as {
      data: ExecutionRecord[];
    };
    expect(data.map((record) => record.execution_id)).toEqual([second.execution_id, first.execution_id]);
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    expect((await viewer(`/workflows/${ids.tagEcho}/executions/${first.execution_id}`)).status).toBe(404);
    expect((await analyst(`/workflows/${ids.tagEcho}/executions/00000000-0000-4000-8000-000000000000`)).status).toBe(
      404,
    );
  });

  it('relays headers to the tool server only with propagate_headers: true', async () => {
    const headers = { 'X-Tenant-ID': 'acme', 'X-Api-Key': 'k' };
    const on = await start(ids.headerRelay, { propagate_headers: true }, headers);
    await until(ids.headerRelay, on.execution_id, finished);
    const [call] = await statesOf(ids.headerRelay, on.execution_id);
    expect(JSON.parse(call?.output ?? '{}')).toMatchObject({ received_headers: { 'x-tenant-id': 'acme' } });
    expect(call?.output).not.toContain('x-api-key');
    const off = await start(ids.headerRelay, {}, headers);
    await until(ids.headerRelay, off.execution_id, finished);
    const [quiet] = await statesOf(ids.headerRelay, off.execution_id);
    expect(JSON.parse(quiet?.output ?? '{}')).toMatchObject({ received_headers: {} });
  });

  it('describes one workflow by id', async () => {
    const response = await analyst(`/workflows/id/${ids.summarize}`);
    expect(await response.json()).toMatchObject({
      id: ids.summarize,
      name: 'Summarize document',
      start_hint: expect.any(String),
    });
  });
});
