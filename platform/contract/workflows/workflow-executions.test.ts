// Contract: workflow execution records, the list, the single GET, abort and delete answer as real servers do
// (DEPLOYED-API.md §4, §5; PLATFORM-FACTS "Workflow executions on real servers").
import { describe, expect, it } from 'vitest';
import { api, ids, passwordToken, platformWithAnalyst } from '../../test-support';
import { naiveTimestamp, sortedKeys, workflowCalls, type Json, type Page } from './workflow-support';

const { analyst, platform } = platformWithAnalyst(1);
const calls = workflowCalls(analyst);
// A 2.42 server: file names are not checked at start (current servers' checks: run-files.test.ts).
const legacy = platformWithAnalyst(1, { server: '2.42' });
const legacyCalls = workflowCalls(legacy.analyst);

const createKeys = [
  'id',
  'date',
  'update_date',
  'workflow_id',
  'execution_id',
  'overall_status',
  'output',
  'name',
  'prompt',
  'file_names',
  'created_by',
  'updated_by',
  'checkpoints',
  'tokens_usage',
  'project',
  'history',
  'conversation_id',
];
const itemKeys = [
  'id',
  'prompt',
  'file_name',
  'file_names',
  'workflow_id',
  'execution_id',
  'conversation_id',
  'overall_status',
  'tokens_usage',
  'created_by',
  'updated_by',
  'date',
  'update_date',
];
const tokenKeys = [
  'input_tokens',
  'output_tokens',
  'cached_tokens',
  'money_spent',
  'cached_tokens_money_spent',
  'cached_tokens_creation_money_spent',
];

describe('the create reply', () => {
  it('has exactly the real key set: no tags or session_id, update_date, naive timestamps', async () => {
    const record = await calls.start(ids.summarize, { user_input: 'Some text.', tags: ['demo'], session_id: 's-1' });
    expect(sortedKeys(record)).toEqual([...createKeys].sort());
    expect(record).toMatchObject({
      workflow_id: ids.summarize,
      overall_status: 'In Progress',
      output: null,
      name: null,
      prompt: 'Some text.',
      file_names: [],
      updated_by: null,
      checkpoints: [],
      tokens_usage: null,
      conversation_id: null,
      created_by: { username: 'analyst', name: 'Ada Analyst', user_id: expect.any(String) },
    });
    expect(sortedKeys(record['created_by'])).toEqual(['name', 'user_id', 'username']);
    expect(record['id']).not.toBe(record.execution_id);
    expect(record['date']).toMatch(naiveTimestamp);
    expect(record['update_date']).toMatch(naiveTimestamp);
    const history = record['history'] as Json[];
    expect(history.map((item) => [item['role'], item['message'], item['historyIndex']])).toEqual([
      ['User', 'Some text.', 0],
      ['Assistant', '', 0],
    ]);
    expect(history[0]).toMatchObject({
      fileNames: [],
      userMark: null,
      workflowExecutionRef: null,
      interactiveResponse: null,
    });
  });

  it('2.42: refuses more than 20 file names with the real 422', async () => {
    const response = await legacy.analyst(calls.executions(ids.tagEcho), {
      body: { file_names: Array.from({ length: 21 }, (_, index) => `f${index}`) },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        message: 'file_names: Too many files. Maximum count is 20',
        details: [{ loc: ['file_names'], msg: 'Too many files. Maximum count is 20', type: 'value_error' }],
        help: null,
      },
    });
  });
});

describe('the single GET and the list', () => {
  it('answers list-item shapes; tokens_usage appears once a state has finished', async () => {
    // A run that failed before any state finished (its file name is not a file URL) never gets a tokens_usage.
    const { execution_id: failed } = await legacyCalls.start(ids.summarize, { file_name: 'plain.txt' });
    const early = await legacyCalls.until(ids.summarize, failed, ['Failed']);
    expect(sortedKeys(early)).toEqual([...itemKeys].sort());
    expect(early).toMatchObject({
      file_name: null,
      file_names: ['plain.txt'],
      updated_by: null,
      conversation_id: null,
      tokens_usage: null,
    });
    const { execution_id: id } = await calls.start(ids.summarize, { user_input: 'Cats sleep.' });
    const done = await calls.until(ids.summarize, id, ['Succeeded']);
    expect(sortedKeys(done['tokens_usage'])).toEqual([...tokenKeys].sort());
    const usage = done['tokens_usage'] as Record<string, number>;
    expect(usage['input_tokens']).toBeGreaterThan(0);
    expect(usage['output_tokens']).toBeGreaterThan(0);
    expect(usage['money_spent']).toBeGreaterThan(0);
    expect(usage['cached_tokens']).toBe(0);
    expect(done['update_date']).toMatch(naiveTimestamp);
    expect(done).not.toHaveProperty('updated_date');
  });

  it('answers an unknown execution with 404 "Execution Not Found"; wid is not checked', async () => {
    const response = await analyst(`${calls.executions(ids.summarize)}/00000000-0000-4000-8000-000000000000`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: Json }).error).toMatchObject({ message: 'Execution Not Found' });
    const { execution_id: id } = await calls.start(ids.tagEcho);
    expect((await analyst(`${calls.executions(ids.summarize)}/${id}`)).status).toBe(200);
  });

  it('lists only the caller’s executions, newest first, in 0-based pages (default 10)', async () => {
    const started: string[] = [];
    for (let index = 0; index < 12; index += 1)
      started.push((await calls.start(ids.failing, { user_input: `run ${index}` })).execution_id);
    const first = (await (await analyst(calls.executions(ids.failing))).json()) as Page<Json>;
    expect(first.pagination).toEqual({ page: 0, per_page: 10, total: 12, pages: 2 });
    expect(first.data.map((item) => item['execution_id'])).toEqual([...started].reverse().slice(0, 10));
    expect(sortedKeys(first.data[0])).toEqual([...itemKeys].sort());
    const second = (await (await analyst(`${calls.executions(ids.failing)}?page=1&per_page=10`)).json()) as Page<Json>;
    expect(second.data.map((item) => item['execution_id'])).toEqual([started[1], started[0]]);
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    expect(((await (await viewer(calls.executions(ids.failing))).json()) as Page<Json>).pagination.total).toBe(0);
    expect((await viewer(`${calls.executions(ids.failing)}/${started[0]}`)).status).toBe(404);
  });

  it('fails per_page=0 like an unhandled error', async () => {
    const response = await analyst(`${calls.executions(ids.failing)}?per_page=0`);
    expect(response.status).toBe(500);
    const { error } = (await response.json()) as { error: Json };
    expect(String(error['message'])).toMatch(/^Internal Server Error\. <br> Stacktrace: /);
    expect(error['details']).toBe('An unexpected error occurred while processing the request.');
    expect(error['help']).toBe('Please try again later or contact support if the problem persists.');
  });
});

describe('abort and delete', () => {
  const abort = (workflow: string, id: string) =>
    analyst(`${calls.executions(workflow)}/${id}/abort`, { method: 'PUT' });

  it('aborts unconditionally: a finished run becomes Aborted, an unknown id is answered alike', async () => {
    const { execution_id: id } = await calls.start(ids.tagEcho);
    await calls.until(ids.tagEcho, id, ['Succeeded']);
    const response = await abort(ids.tagEcho, id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Workflow execution has been aborted' });
    expect((await calls.get(ids.tagEcho, id))['overall_status']).toBe('Aborted');
    // The finished state keeps its status: only running or interrupted states become Aborted.
    expect((await calls.states(ids.tagEcho, id)).data.map((state) => state.status)).toEqual(['Succeeded']);
    const unknown = await abort(ids.tagEcho, '00000000-0000-4000-8000-000000000000');
    expect([unknown.status, await unknown.json()]).toEqual([200, { message: 'Workflow execution has been aborted' }]);
  });

  it('stops a running run at the state boundary: the running state ends Aborted, no later state starts', async () => {
    const { execution_id: id } = await calls.start(ids.twelveStep);
    for (let attempt = 0; attempt < 200 && (await calls.states(ids.twelveStep, id)).data.length < 2; attempt += 1);
    await abort(ids.twelveStep, id);
    const { data } = await calls.states(ids.twelveStep, id, '?per_page=20');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await calls.states(ids.twelveStep, id, '?per_page=20')).data).toHaveLength(data.length);
    expect(data.at(-1)?.status).toBe('Aborted');
    expect(data.slice(0, -1).every((state) => state.status === 'Succeeded')).toBe(true);
    expect((await calls.get(ids.twelveStep, id))['overall_status']).toBe('Aborted');
  });

  it('deletes an execution once; an unknown one is the real 404', async () => {
    const { execution_id: id } = await calls.start(ids.tagEcho);
    const removed = await analyst(`${calls.executions(ids.tagEcho)}/${id}`, { method: 'DELETE' });
    expect([removed.status, await removed.json()]).toEqual([200, { message: 'Execution removed' }]);
    expect((await analyst(`${calls.executions(ids.tagEcho)}/${id}`)).status).toBe(404);
    const again = await analyst(`${calls.executions(ids.tagEcho)}/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: Json }).error['message']).toBe(
      'Execution you are trying to delete is Not Found',
    );
  });
});
