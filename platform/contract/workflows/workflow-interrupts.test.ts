// Contract: interrupt_before pauses, the state_interrupted chunk, PUT …/output and PUT …/resume (DEPLOYED-API.md §4).
import { describe, expect, it } from 'vitest';
import { encodeFileUrl } from '../../files/file-url';
import { ids, platformWithAnalyst } from '../../test-support';
import { readStream, workflowCalls, type Json } from './workflow-support';

const { analyst } = platformWithAnalyst(1);
const calls = workflowCalls(analyst);
const gate = ids.approvalGate;
const path = (id: string, rest: string) => `${calls.executions(gate)}/${id}/${rest}`;

async function paused(userInput: string) {
  const { execution_id: id } = await calls.start(gate, { user_input: userInput });
  const record = await calls.until(gate, id, ['Interrupted']);
  return { id, record, states: (await calls.states(gate, id)).data };
}

describe('a run paused before Publish', () => {
  it('is Interrupted; Draft becomes Interrupted and keeps its output; Publish has no record yet', async () => {
    const { id, record, states } = await paused('the new office');
    expect(record['tokens_usage']).not.toBeNull();
    expect(states.map((state) => [state.name, state.status])).toEqual([['Draft', 'Interrupted']]);
    expect(await calls.output(gate, id, states[0]?.id ?? '')).toBe('Draft announcement: the new office.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await calls.states(gate, id)).data).toHaveLength(1);
  });

  it('ends a streamed run with the exact state_interrupted chunk (json.dumps with spaces, then a newline) and closes', async () => {
    const response = await analyst(calls.executions(gate), { body: { user_input: 'launch day', stream: true } });
    const { text, chunks } = await readStream(response);
    const id = String(chunks[0]?.workflow_execution_id);
    const [draft] = (await calls.states(gate, id)).data;
    const expected =
      `{"time_elapsed": null, "generated_chunk": null, "generated": "Draft announcement: launch day.", "thought": null, "context": null, "last": true, "debug": null, ` +
      `"workflow_execution_id": "${id}", "workflow_state": {"id": "${draft?.id}", "name": "Publish", "task": "launch day", "status": "Interrupted", ` +
      `"event_type": "state_interrupted", "started_at": null, "completed_at": null}, "execution_error": null, "success": null, "agent_error": null, ` +
      `"tool_errors": null, "error_details": null, "interactive_request": null}\n`;
    expect(text.endsWith(expected)).toBe(true);
    expect(chunks.filter((chunk) => chunk.last === true)).toHaveLength(1);
    expect((await calls.get(gate, id))['overall_status']).toBe('Interrupted');
  });
});

describe('editing the output and resuming', () => {
  it('resumes with user_input: Draft back to Succeeded, Publish runs with the reviewer note', async () => {
    const { id } = await paused('the new office');
    const response = await analyst(path(id, 'resume'), { method: 'PUT', body: { user_input: 'Ship it on Monday' } });
    expect([response.status, await response.json()]).toEqual([200, { message: 'Workflow execution has been resumed' }]);
    const record = await calls.until(gate, id, ['Succeeded']);
    const { data } = await calls.states(gate, id);
    expect(data.map((state) => [state.name, state.status, state['history_index']])).toEqual([
      ['Draft', 'Succeeded', 0],
      ['Publish', 'Succeeded', 1],
    ]);
    const published = await calls.output(gate, id, data[1]?.id ?? '');
    expect(published).toBe('Published:\n\nDraft announcement: the new office.\n\nReviewer note: Ship it on Monday');
    expect(record['output']).toBeUndefined(); // the single GET carries no output
  });

  it('lets Publish read an edited draft; an empty output is a 422', async () => {
    const { id, states } = await paused('draft text');
    const draftId = states[0]?.id ?? '';
    const empty = await analyst(path(id, 'output'), { method: 'PUT', body: { output: '', state_id: draftId } });
    expect(empty.status).toBe(422);
    const edit = await analyst(path(id, 'output'), {
      method: 'PUT',
      body: { output: 'Edited by the reviewer.', state_id: draftId },
    });
    expect([edit.status, await edit.json()]).toEqual([
      200,
      { message: 'Workflow execution output has been edited successfully' },
    ]);
    expect(await calls.output(gate, id, draftId)).toBe('Edited by the reviewer.');
    const resumed = await analyst(`${path(id, 'resume')}?stream=true`, { method: 'PUT' });
    expect(resumed.headers.get('content-type')).toBe('application/x-ndjson');
    const { chunks } = await readStream(resumed);
    const events = chunks.flatMap((chunk) => (chunk.workflow_state ? [chunk.workflow_state as Json] : []));
    expect(events.map((event) => [event['name'], event['event_type'], event['status']])).toEqual([
      ['Publish', 'state_start', 'In Progress'],
      ['Publish', 'state_finish', 'Succeeded'],
    ]);
    expect(chunks.at(-1)).toMatchObject({ last: true, generated: 'Published:\n\nEdited by the reviewer.' });
    expect((await calls.get(gate, id))['overall_status']).toBe('Succeeded');
  });

  it('answers unknown executions: resume with the unhandled 500, output edit with "Workflow Output Editing Error"', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const resume = await analyst(path(unknown, 'resume'), { method: 'PUT' });
    expect(resume.status).toBe(500);
    expect(((await resume.json()) as { error: Json }).error['message']).toMatch(
      /^Internal Server Error\. <br> Stacktrace: /,
    );
    const edit = await analyst(path(unknown, 'output'), { method: 'PUT', body: { output: 'x', state_id: 'y' } });
    expect(edit.status).toBe(500);
    expect(((await edit.json()) as { error: Json }).error['message']).toBe('Workflow Output Editing Error');
  });

  it('takes file_names on resume: decoded names reach Publish’s task; a plain name fails the run', async () => {
    const { id } = await paused('with a file');
    const brief = encodeFileUrl({ mime: 'text/markdown', owner: 'u-1', name: 'brief.md' });
    await analyst(path(id, 'resume'), { method: 'PUT', body: { file_names: [brief] } });
    await calls.until(gate, id, ['Succeeded']);
    expect((await calls.states(gate, id)).data[1]?.['task']).toBe('with a file\nFile attached: brief.md');
    const other = await paused('with a bad file');
    await analyst(path(other.id, 'resume'), { method: 'PUT', body: { file_names: ['brief.md'] } });
    await calls.until(gate, other.id, ['Failed']);
    expect((await calls.states(gate, other.id)).data.map((state) => [state.name, state.status])).toEqual([
      ['Draft', 'Succeeded'],
      ['AI/Run Thoughts', 'Failed'],
    ]);
  });

  it('aborts a paused run: Draft and the run become Aborted', async () => {
    const { id } = await paused('to be dropped');
    await analyst(path(id, 'abort'), { method: 'PUT' });
    expect((await calls.get(gate, id))['overall_status']).toBe('Aborted');
    expect((await calls.states(gate, id)).data.map((state) => state.status)).toEqual(['Aborted']);
  });
});
