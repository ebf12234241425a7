// Streamed workflow runs (stream: true) over real HTTP: what the wire carries, and how it agrees with the
// follow-up endpoints.
import { describe, expect, it } from 'vitest';
import type { WireChunk } from '../../wire';
import { chunksOf, readRaw, splitJsonObjects } from '../../stream-read';
import { ids, platformWithAnalyst } from '../../test-support';

interface ExecutionRecord {
  overall_status: string;
}

const { analyst } = platformWithAnalyst(1);

interface StateEvent {
  id: string;
  name: string;
  status: string;
  event_type: string;
  task: string;
  started_at: string | null;
  completed_at: string | null;
}

const streamed = (workflow: string, body: Record<string, unknown> = {}) =>
  analyst(`/workflows/${workflow}/executions`, { body: { ...body, stream: true } });

async function readAll(response: Response): Promise<WireChunk[]> {
  const { text, error } = await readRaw(response);
  expect(error).toBeUndefined();
  const { chunks, bad } = chunksOf(response.headers.get('content-type'), text);
  expect(bad).toEqual([]);
  return chunks;
}

/** Reads until the first whole chunk has arrived; returns the text so far and that chunk's execution id. */
async function readFirst(
  reader: ReadableStreamDefaultReader<string> | undefined,
): Promise<{ text: string; executionId: string }> {
  let text = '';
  while (splitJsonObjects(text).length === 0) {
    const part = await reader?.read();
    if (!part || part.done) throw new Error('the stream ended before its first chunk');
    text += part.value;
  }
  return {
    text,
    executionId: (JSON.parse(splitJsonObjects(text)[0] ?? '{}') as WireChunk).workflow_execution_id ?? '',
  };
}

const events = (chunks: WireChunk[]) =>
  chunks.flatMap((chunk) => (chunk.workflow_state ? [chunk.workflow_state as StateEvent] : []));
const recordOf = async (workflow: string, id: string) =>
  (await (await analyst(`/workflows/${workflow}/executions/${id}`)).json()) as ExecutionRecord;

describe('streamed workflow runs', () => {
  it('streams Summarize document: state events, state thoughts, the summary as text, then last', async () => {
    const response = await streamed(ids.summarize, { user_input: 'Cats sleep a lot. Dogs bark at night.' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const chunks = await readAll(response);
    const executionId = chunks[0]?.workflow_execution_id;
    expect(executionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(chunks.every((chunk) => chunk.workflow_execution_id === executionId)).toBe(true);

    expect(events(chunks).map((event) => [event.name, event.event_type, event.status])).toEqual([
      ['Read input', 'state_start', 'In Progress'],
      ['Read input', 'state_finish', 'Succeeded'],
      ['Extract key points', 'state_start', 'In Progress'],
      ['Extract key points', 'state_finish', 'Succeeded'],
      ['Write summary', 'state_start', 'In Progress'],
      ['Write summary', 'state_finish', 'Succeeded'],
    ]);
    const thoughts = chunks.flatMap((chunk) => (chunk.thought ? [chunk.thought] : []));
    expect(new Set(thoughts.map((item) => item.author_name))).toEqual(
      new Set(['Read input', 'Extract key points', 'Write summary']),
    );
    expect(thoughts.every((item) => item.author_type === 'WorkflowState' && item.parent_id === null)).toBe(true);

    const text = chunks.map((chunk) => chunk.generated_chunk ?? '').join('');
    expect(text).toContain('- Cats sleep a lot.');
    const last = chunks.at(-1);
    expect(last).toMatchObject({ last: true, generated: text });
    expect(chunks.filter((chunk) => chunk.last === true)).toHaveLength(1);

    // The stream ends once the execution has: its status, states and their ids agree with the follow-up.
    expect((await recordOf(ids.summarize, executionId ?? '')).overall_status).toBe('Succeeded');
    const { data } = (await (await analyst(`/workflows/${ids.summarize}/executions/${executionId}/states`)).json()) as {
      data: { id: string }[];
    };
    expect(new Set(events(chunks).map((event) => event.id))).toEqual(new Set(data.map((state) => state.id)));
  });

  it('writes each event as Python json.dumps does, one a line; only the final chunk is compact', async () => {
    const { text } = await readRaw(await streamed(ids.tagEcho));
    const lines = text.split('\n').filter((line) => line !== '');
    const final = lines.pop() ?? '';
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      expect(line).toMatch(/^\{"time_elapsed": null, "generated_chunk": /);
      expect(JSON.parse(line)).toHaveProperty('workflow_execution_id');
    }
    expect(final).toMatch(/^\{"time_elapsed":[\d.]+,"generated_chunk":"","generated":/);
    expect(JSON.parse(final)).toMatchObject({ last: true });
  });

  it('streams a failure: the failed state says so in its event and thought, and the run is Failed', async () => {
    const chunks = await readAll(await streamed(ids.failing));
    const finished = events(chunks).filter((event) => event.event_type === 'state_finish');
    expect(finished.map((event) => [event.name, event.status])).toEqual([
      ['Prepare', 'Succeeded'],
      ['Transform records', 'Failed'],
    ]);
    // Real state events carry no output: it is read from the state's output endpoint.
    expect(finished.every((event) => !('output' in event))).toBe(true);
    expect(Object.keys(finished[1] ?? {}).sort()).toEqual([
      'completed_at',
      'event_type',
      'id',
      'name',
      'started_at',
      'status',
      'task',
    ]);
    const executionId = chunks[0]?.workflow_execution_id ?? '';
    const failedOutput = await (
      await analyst(`/workflows/${ids.failing}/executions/${executionId}/states/${finished[1]?.id}/output`)
    ).json();
    expect(failedOutput).toEqual({ output: expect.stringMatching(/^Error: record 17/) });
    expect(
      chunks.some((chunk) => chunk.thought?.author_name === 'Transform records' && chunk.thought.error === true),
    ).toBe(true);
    expect(chunks.some((chunk) => chunk.generated_chunk)).toBe(false);
    expect(chunks.at(-1)?.last).toBe(true);
    expect((await recordOf(ids.failing, chunks[0]?.workflow_execution_id ?? '')).overall_status).toBe('Failed');
  });

  it('nests a tool thought under the state that calls the tool', async () => {
    const chunks = await readAll(await streamed(ids.headerRelay));
    const state = chunks.find((chunk) => chunk.thought?.author_name === 'Call echo_headers')?.thought;
    const tool = chunks.filter((chunk) => chunk.thought?.author_name === 'echo_headers').map((chunk) => chunk.thought);
    expect(tool.map((item) => [item?.parent_id, item?.metadata.status])).toEqual([
      [state?.id, 'running'],
      [state?.id, 'completed'],
    ]);
  });

  it('ends the stream with last when the run is aborted while it streams', async () => {
    const response = await streamed(ids.summarize, { user_input: 'Long document.' });
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    const first = await readFirst(reader);
    let text = first.text;
    const executionId = first.executionId;
    expect(
      (await analyst(`/workflows/${ids.summarize}/executions/${executionId}/abort`, { method: 'PUT' })).status,
    ).toBe(200);
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) text += part.value;
    const chunks = splitJsonObjects(text).map((object) => JSON.parse(object) as WireChunk);
    // Whichever state was running when the abort landed (at 1 ms a unit, a busy machine may be past the first).
    expect(events(chunks).at(-1)).toMatchObject({ status: 'Aborted', event_type: 'state_finish' });
    expect(events(chunks).filter((event) => event.status === 'Aborted')).toHaveLength(1);
    expect(chunks.at(-1)?.last).toBe(true);
  });

  it('keeps running when the client goes away mid-stream', async () => {
    const reader = (await streamed(ids.payroll)).body?.pipeThrough(new TextDecoderStream()).getReader();
    const { executionId } = await readFirst(reader);
    await reader?.cancel();
    let record = await recordOf(ids.payroll, executionId);
    for (let attempt = 0; attempt < 200 && record.overall_status === 'In Progress'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      record = await recordOf(ids.payroll, executionId);
    }
    expect(record.overall_status).toBe('Succeeded');
  });

  it('answers with the record, not a stream, without stream: true', async () => {
    const response = await analyst(`/workflows/${ids.tagEcho}/executions`, { body: { stream: false } });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(((await response.json()) as ExecutionRecord).overall_status).toBe('In Progress');
  });
});
