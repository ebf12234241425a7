import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { HeaderProvider } from '@/api/client/http-client';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import {
  deleteExecution,
  editStateOutput,
  exportExecution,
  resumeExecution,
  stateThoughtsQuery,
  streamResume,
} from './execution-calls';

const json = (body: unknown, status = 200): Reply => ({
  status,
  contentType: 'application/json',
  parts: [JSON.stringify(body)],
});
const forwarding: HeaderProvider = {
  headersFor: () => ({
    ok: true,
    forwarded: {
      profileName: 'Demo',
      propagate: true,
      headers: [{ name: 'X-Tenant', template: 'acme', value: 'acme', stripped: false }],
      notSent: [],
    },
  }),
};
const base = 'http://api.test/code-assistant-api/v1/workflows/w1/executions/e1';

describe('resume', () => {
  it('sends no body without input, and propagate_headers in the query where real servers read it', async () => {
    const { calls, fetchImpl } = fakeNetwork([json({ message: 'Workflow execution has been resumed' })]);
    await resumeExecution(clientFor(fetchImpl, ['t'], forwarding).client, 'w1', 'e1', {});
    expect(calls[0]?.url).toBe(`${base}/resume?propagate_headers=true`);
    expect(calls[0]?.init).toMatchObject({ method: 'PUT' });
    expect(calls[0]?.init?.body).toBeUndefined();
    expect(new Headers(calls[0]?.init?.headers).get('X-Tenant')).toBe('acme');
  });

  it('streams a resume from a PUT with ?stream=true and the message as user_input', async () => {
    const chunk = { generated_chunk: 'Published', workflow_execution_id: 'e1', last: true };
    const { calls, fetchImpl } = fakeNetwork([
      { contentType: 'application/x-ndjson', parts: [`${JSON.stringify(chunk)}\n`] },
    ]);
    const seen: unknown[] = [];
    const end = await streamResume(
      clientFor(fetchImpl).client,
      'w1',
      'e1',
      { userInput: 'Ship it' },
      { signal: new AbortController().signal },
      {
        onChunk: (parsed) => seen.push(parsed.workflowExecutionId),
        onMalformed: () => undefined,
      },
    );
    expect(end).toBe('closed');
    expect(seen).toEqual(['e1']);
    expect(calls[0]?.url).toBe(`${base}/resume?stream=true`);
    expect(calls[0]?.init).toMatchObject({ method: 'PUT', body: JSON.stringify({ user_input: 'Ship it' }) });
  });
});

describe('the other verbs of an execution', () => {
  it('edits an interrupted state’s output by its record id, and refuses an empty one before sending', async () => {
    const { calls, fetchImpl } = fakeNetwork([
      json({ message: 'Workflow execution output has been edited successfully' }),
    ]);
    const { client } = clientFor(fetchImpl);
    await editStateOutput(client, 'w1', 'e1', 's7', 'Edited draft');
    expect(calls[0]).toMatchObject({
      url: `${base}/output`,
      init: { method: 'PUT', body: JSON.stringify({ output: 'Edited draft', state_id: 's7' }) },
    });
    await expect(editStateOutput(client, 'w1', 'e1', 's7', '  ')).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });

  it('surfaces the server’s reason when a delete is refused', async () => {
    const refused = {
      error: {
        message: 'Cannot delete workflow execution',
        details: 'This workflow execution is part of a conversation and cannot be deleted. ',
        help: '',
      },
    };
    const { fetchImpl } = fakeNetwork([json(refused, 400)]);
    await expect(deleteExecution(clientFor(fetchImpl).client, 'w1', 'e1')).rejects.toMatchObject({
      status: 400,
      serverMessage: 'Cannot delete workflow execution',
    });
  });

  it('downloads the export with the token in a header and reads the unquoted file name', async () => {
    const { calls, fetchImpl } = fakeNetwork([
      { contentType: 'application/zip', parts: [new Uint8Array([0x50, 0x4b, 5, 6])] },
    ]);
    const replied = fetchImpl;
    const withDisposition: typeof fetch = async (input, init) => {
      const response = await replied(input, init);
      const headers = new Headers(response.headers);
      headers.set('content-disposition', 'attachment; filename=Approval gate_e1.zip');
      return new Response(response.body, { status: 200, headers });
    };
    const result = await exportExecution(clientFor(withDisposition).client, 'w1', 'e1', 'md', false);
    expect(result.fileName).toBe('Approval gate_e1.zip');
    expect(result.blob.size).toBe(4);
    expect(calls[0]?.url).toBe(`${base}/export?output_format=md&combined=false`);
    expect(new Headers(calls[0]?.init?.headers).get('Authorization')).toBe('Bearer first');
  });

  it('asks for a state’s thoughts by its root thought ids and keeps that state’s trees', async () => {
    const tree = [
      {
        id: 't1',
        execution_state_id: 's1',
        content: 'Read the draft',
        children: [{ id: 't2', content: 'called a tool', children: [] }],
      },
      { id: 't9', execution_state_id: 's2', content: 'other state', children: [] },
    ];
    const { calls, fetchImpl } = fakeNetwork([json(tree)]);
    const thoughts = await new QueryClient().fetchQuery(
      stateThoughtsQuery(clientFor(fetchImpl).client, 'w1', 'e1', 's1', ['t1']),
    );
    expect(thoughts.map((thought) => thought.id)).toEqual(['t1']);
    expect(thoughts[0]?.children[0]?.content).toBe('called a tool');
    expect(calls[0]).toMatchObject({ url: `${base}/thoughts`, init: { method: 'POST', body: '["t1"]' } });
  });
});
