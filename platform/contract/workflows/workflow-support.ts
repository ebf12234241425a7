// What the workflow contract tests share: starting runs, waiting for a status, reading states and streams.
import { expect } from 'vitest';
import { readRaw, splitJsonObjects } from '../../stream-read';
import type { api } from '../../test-support';
import type { WireChunk } from '../../wire';

export type Caller = ReturnType<typeof api>;
export type Json = Record<string, unknown>;

export interface StateItem {
  id: string;
  name: string;
  status: string;
  date: string;
  thoughts: Json[];
  [key: string]: unknown;
}

export interface Page<T> {
  data: T[];
  pagination: { page: number; per_page: number; total: number; pages: number };
}

/** Exactly the naive timestamp of real servers: microseconds, no offset. */
export const naiveTimestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/;

export const sortedKeys = (value: unknown): string[] => Object.keys(value as Json).sort();

export function workflowCalls(call: Caller) {
  const executions = (workflow: string) => `/workflows/${workflow}/executions`;
  const start = async (workflow: string, body: Json = {}): Promise<Json & { execution_id: string }> => {
    const response = await call(executions(workflow), { body });
    expect(response.status).toBe(200);
    return (await response.json()) as Json & { execution_id: string };
  };
  const get = async (workflow: string, id: string): Promise<Json> =>
    (await call(`${executions(workflow)}/${id}`)).json() as Promise<Json>;
  const until = async (workflow: string, id: string, statuses: string[]): Promise<Json> => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const record = await get(workflow, id);
      if (statuses.includes(String(record['overall_status']))) return record;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`execution ${id} did not reach ${statuses.join(' or ')} in time`);
  };
  const states = async (workflow: string, id: string, query = ''): Promise<Page<StateItem>> =>
    (await call(`${executions(workflow)}/${id}/states${query}`)).json() as Promise<Page<StateItem>>;
  const output = async (workflow: string, id: string, stateId: string): Promise<unknown> =>
    ((await (await call(`${executions(workflow)}/${id}/states/${stateId}/output`)).json()) as { output: unknown })
      .output;
  return { executions, start, get, until, states, output };
}

/** The whole raw text of a streamed answer, and its chunks. */
export async function readStream(response: Response): Promise<{ text: string; chunks: WireChunk[] }> {
  const { text, error } = await readRaw(response);
  expect(error).toBeUndefined();
  return { text, chunks: splitJsonObjects(text).map((object) => JSON.parse(object) as WireChunk) };
}
