// Contract: states (0-based pages, date order, real item shape), outputs, thoughts, attached files.
import { describe, expect, it } from 'vitest';
import { encodeFileUrl } from '../../files/file-url';
import { ids, platformWithAnalyst } from '../../test-support';
import { naiveTimestamp, sortedKeys, workflowCalls, type Json } from './workflow-support';

const { analyst } = platformWithAnalyst(1);
const calls = workflowCalls(analyst);
// A 2.42 server takes any file name at start and fails the run afterwards; current ones refuse it with 400 first.
const legacy = platformWithAnalyst(1, { server: '2.42' });
const legacyCalls = workflowCalls(legacy.analyst);
const analystId = 'c3000000-0000-4000-8000-000000000001';

const stateKeys = [
  'id',
  'date',
  'update_date',
  'execution_id',
  'name',
  'state_id',
  'task',
  'status',
  'started_at',
  'completed_at',
  'preceding_state_ids',
  'iteration_number',
  'history_index',
  'thoughts',
];
const thoughtKeys = [
  'id',
  'execution_state_id',
  'parent_id',
  'author_name',
  'author_type',
  'input_text',
  'content',
  'date',
  'children',
];

const expectUnhandled500 = async (response: Response) => {
  expect(response.status).toBe(500);
  const { error } = (await response.json()) as { error: Json };
  expect(String(error['message'])).toMatch(/^Internal Server Error\. <br> Stacktrace: .*KeyError/s);
  expect(error['details']).toBe('An unexpected error occurred while processing the request.');
  expect(error['help']).toBe('Please try again later or contact support if the problem persists.');
};

describe('states', () => {
  it('pages the twelve states of Twelve-step audit 10 at a time, oldest first; the result is on page 1', async () => {
    const { execution_id: id } = await calls.start(ids.twelveStep, { user_input: 'finance' });
    await calls.until(ids.twelveStep, id, ['Succeeded']);
    const first = await calls.states(ids.twelveStep, id);
    expect(first.pagination).toEqual({ page: 0, per_page: 10, total: 12, pages: 2 });
    expect(first.data.map((state) => state.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => expect.stringMatching(new RegExp(`^Step ${index + 1}: `))),
    );
    const second = await calls.states(ids.twelveStep, id, '?page=1&per_page=10');
    expect(second.data.map((state) => state.name)).toEqual(['Step 11: Training', 'Step 12: Verdict']);
    const all = [...first.data, ...second.data];
    expect(all.map((state) => state.date)).toEqual([...all.map((state) => state.date)].sort());
    const outputs = await Promise.all(all.map((state) => calls.output(ids.twelveStep, id, state.id)));
    expect(new Set(outputs).size).toBe(12);
    expect(outputs.at(-1)).toMatch(/^## Audit verdict\n\nRESULT: passed/);
    expect((await calls.get(ids.twelveStep, id))['overall_status']).toBe('Succeeded');
    const big = await calls.states(ids.twelveStep, id, '?per_page=1000');
    expect(big.data).toHaveLength(12);
    expect((await analyst(`${calls.executions(ids.twelveStep)}/${id}/states?per_page=0`)).status).toBe(500);
  });

  it('answers each state in the real shape: root thoughts without text, naive times, predecessors by name', async () => {
    const { execution_id: id } = await calls.start(ids.headerRelay);
    await calls.until(ids.headerRelay, id, ['Succeeded']);
    const [call, report] = (await calls.states(ids.headerRelay, id)).data;
    expect(sortedKeys(call)).toEqual([...stateKeys].sort());
    expect(call).toMatchObject({
      execution_id: id,
      name: 'Call echo_headers',
      state_id: 'Call echo_headers',
      status: 'Succeeded',
      preceding_state_ids: null,
      history_index: 0,
    });
    expect(report?.preceding_state_ids).toEqual(['Call echo_headers']);
    for (const field of ['date', 'update_date', 'started_at', 'completed_at'])
      expect(call?.[field]).toMatch(naiveTimestamp);
    expect(call?.thoughts).toHaveLength(1);
    expect(sortedKeys(call?.thoughts[0])).toEqual([
      'author_name',
      'author_type',
      'date',
      'execution_state_id',
      'id',
      'parent_id',
    ]);
    expect(call?.thoughts[0]).toMatchObject({
      execution_state_id: call?.id,
      parent_id: null,
      author_name: 'Call echo_headers',
    });
    expect(call).not.toHaveProperty('output');
  });

  it('answers unknown execution and state ids with the unhandled 500', async () => {
    await expectUnhandled500(
      await analyst(`${calls.executions(ids.summarize)}/00000000-0000-4000-8000-000000000000/states`),
    );
    const { execution_id: id } = await calls.start(ids.tagEcho);
    await expectUnhandled500(await analyst(`${calls.executions(ids.tagEcho)}/${id}/states/nope/output`));
    await expectUnhandled500(
      await analyst(`${calls.executions(ids.tagEcho)}/00000000-0000-4000-8000-000000000000/thoughts`, {
        method: 'POST',
      }),
    );
  });
});

describe('thoughts', () => {
  it('answers every root thought with its children recursively, text in content; or the thoughts asked for', async () => {
    const { execution_id: id } = await calls.start(ids.headerRelay);
    await calls.until(ids.headerRelay, id, ['Succeeded']);
    const roots = (await (
      await analyst(`${calls.executions(ids.headerRelay)}/${id}/thoughts`, { method: 'POST' })
    ).json()) as Json[];
    expect(roots.map((thought) => thought['author_name'])).toEqual(['Call echo_headers', 'Report']);
    expect(sortedKeys(roots[0])).toEqual([...thoughtKeys].sort());
    const [tool] = roots[0]?.['children'] as Json[];
    expect(tool).toMatchObject({
      author_name: 'echo_headers',
      author_type: 'Tool',
      parent_id: roots[0]?.['id'],
      children: [],
      input_text: '{"note":"Header relay workflow"}',
    });
    expect(String(tool?.['content'])).toContain('received_headers');
    expect(roots[1]).toMatchObject({
      author_type: 'WorkflowState',
      children: [],
      content: expect.stringMatching(/^Forwarded no header/),
    });
    const asked = await analyst(`${calls.executions(ids.headerRelay)}/${id}/thoughts`, { body: [tool?.['id']] });
    expect(((await asked.json()) as Json[]).map((thought) => thought['id'])).toEqual([tool?.['id']]);
    const empty = await analyst(`${calls.executions(ids.headerRelay)}/${id}/thoughts`, { body: [] });
    expect((await empty.json()) as Json[]).toHaveLength(2);
  });
});

describe('attached files', () => {
  it('decodes file_names for the run: each agent state’s task lists them, and an output names the file', async () => {
    const notes = encodeFileUrl({ mime: 'text/plain', owner: analystId, name: 'notes.txt' });
    const record = await calls.start(ids.summarize, { user_input: 'Short text.', file_names: [notes] });
    expect(record['file_names']).toEqual([notes]);
    await calls.until(ids.summarize, record.execution_id, ['Succeeded']);
    const [read] = (await calls.states(ids.summarize, record.execution_id)).data;
    expect(read?.['task']).toBe('Short text.\nFile attached: notes.txt');
    expect(await calls.output(ids.summarize, record.execution_id, read?.id ?? '')).toBe(
      'Read 11 characters and the attached file notes.txt.',
    );
    expect((await calls.get(ids.summarize, record.execution_id))['file_names']).toEqual([notes]);
  });

  it('2.42: fails the run after the 200 when a name is not a file URL: state "AI/Run Thoughts" with a System thought', async () => {
    const record = await legacyCalls.start(ids.summarize, { user_input: 'x', file_name: 'report.pdf' });
    expect(record['overall_status']).toBe('In Progress');
    await legacyCalls.until(ids.summarize, record.execution_id, ['Failed']);
    const { data } = await legacyCalls.states(ids.summarize, record.execution_id);
    expect(data.map((state) => [state.name, state.status])).toEqual([['AI/Run Thoughts', 'Failed']]);
    const [thought] = (await (
      await legacy.analyst(`${calls.executions(ids.summarize)}/${record.execution_id}/thoughts`, { method: 'POST' })
    ).json()) as Json[];
    expect(thought).toMatchObject({
      author_type: 'System',
      author_name: 'ValueError',
      content: 'Invalid encoded URL data: report.pdf',
    });
  });
});
