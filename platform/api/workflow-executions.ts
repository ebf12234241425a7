// Workflow executions: POST starts one (200 with the record, or with stream:true a stream of its progress, see
// workflow-stream.ts), it then runs in memory state by state; follow-up endpoints read its record, states and
// outputs; PUT …/abort stops it.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { findWorkflow } from '../catalog-data';
import { forwardedHeaders } from '../mcp/forwarding';
import { unitsOf, workflowStates, type RunInput } from '../workflows/definitions';
import { mayUse, type Principal } from './auth';
import { ApiError, forbidden, notFound, unprocessable, type FieldError } from './errors';
import { requireUuid, type JsonObject } from './validate';

type Status = 'Not Started' | 'In Progress' | 'Succeeded' | 'Failed' | 'Aborted' | 'Interrupted';

export interface ExecutionRecord {
  execution_id: string;
  workflow_id: string;
  overall_status: Status;
  prompt: string;
  date: string;
  updated_date: string;
  created_by: { user_id: string; name: string; username: string };
  tags: string[];
  session_id: string;
  file_name: string | null;
}

export interface ExecutionState {
  id: string;
  name: string;
  status: Status;
  started_at: string | null;
  completed_at: string | null;
}

/** Hears an execution's progress as it happens (a streamed start). Given copies; never throws. */
export interface ExecutionObserver {
  stateStarted(state: ExecutionState, details: { task: string; tool: string | null }): void;
  /** `output` is null for a state stopped by an abort; `final` marks the workflow's last state. */
  stateFinished(state: ExecutionState, details: { output: string | null; final: boolean }): void;
  /** The execution reached its overall status; nothing follows. */
  finished(record: ExecutionRecord): void;
}

interface Execution {
  record: ExecutionRecord;
  states: ExecutionState[];
  /** Outputs of finished states, by state id. */
  outputs: Map<string, string>;
  timer: ReturnType<typeof setTimeout> | null;
  observer: ExecutionObserver | null;
}

const now = () => new Date().toISOString();

/** The seed's optional fields with their types; a wrong type is a 422 naming the field, as real servers answer. */
function readStart(body: JsonObject) {
  const errors: FieldError[] = [];
  const field = <T>(name: string, ok: (value: unknown) => value is T, expected: string): T | undefined => {
    const value = body[name];
    if (value === undefined || value === null) return undefined;
    if (ok(value)) return value;
    errors.push({ loc: ['body', name], msg: `Input should be ${expected}`, type: 'type_error' });
    return undefined;
  };
  const isString = (value: unknown): value is string => typeof value === 'string';
  const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
  const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
  const start = {
    userInput: field('user_input', isString, 'a valid string'),
    tags: field('tags', isStrings, 'a valid list of strings'),
    sessionId: field('session_id', isString, 'a valid string'),
    fileName: field('file_name', isString, 'a valid string'),
    propagate: field('propagate_headers', isBoolean, 'a valid boolean') ?? false,
    stream: field('stream', isBoolean, 'a valid boolean') ?? false,
  };
  if (errors.length > 0) throw unprocessable(`Invalid field '${String(errors[0]?.loc[1])}'`, errors);
  return start;
}

/** In-memory executions of one platform instance. */
export class ExecutionStore {
  private readonly executions = new Map<string, Execution>();

  constructor(private readonly options: { unitMs: number; mcpUrl: string }) {}

  /**
   * Starts an execution. When the body asks for `stream: true`, `openStream` is called with the new record
   * before the first state starts, and the observer it returns hears every step from then on.
   */
  start(
    principal: Principal,
    workflowId: string,
    body: JsonObject,
    headers: IncomingHttpHeaders,
    openStream?: (record: ExecutionRecord) => ExecutionObserver,
  ): ExecutionRecord {
    requireUuid(workflowId, 'workflow');
    const start = readStart(body);
    const workflow = findWorkflow(workflowId);
    if (!workflow) throw notFound(`Workflow ${workflowId} not found`);
    if (!mayUse(principal, workflow.requiredRole)) throw forbidden(`You do not have permission to run the workflow '${workflow.name}'.`);
    const executionId = randomUUID();
    const date = now();
    const record: ExecutionRecord = {
      execution_id: executionId,
      workflow_id: workflow.id,
      overall_status: 'In Progress',
      prompt: start.userInput ?? '',
      date,
      updated_date: date,
      created_by: { user_id: principal.userId, name: principal.name, username: principal.username },
      tags: start.tags ?? [],
      session_id: start.sessionId?.trim() || executionId,
      file_name: start.fileName ?? null,
    };
    const definitions = workflowStates[workflow.id] ?? [];
    const execution: Execution = {
      record,
      states: definitions.map((state) => ({ id: randomUUID(), name: state.name, status: 'Not Started', started_at: null, completed_at: null })),
      outputs: new Map(),
      timer: null,
      observer: null,
    };
    this.executions.set(executionId, execution);
    if (start.stream && openStream) execution.observer = openStream({ ...record });
    const input: RunInput = {
      userInput: record.prompt,
      tags: record.tags,
      sessionId: record.session_id,
      fileName: record.file_name,
      forwarded: forwardedHeaders(headers, start.propagate),
      propagate: start.propagate,
      mcpUrl: this.options.mcpUrl,
    };
    this.runState(execution, workflow.id, 0, input);
    return { ...record };
  }

  /** Starts state `index`, finishes it after its time, then goes on; ends the execution after the last. */
  private runState(execution: Execution, workflowId: string, index: number, input: RunInput): void {
    const definition = workflowStates[workflowId]?.[index];
    const state = execution.states[index];
    if (!definition || !state) return this.finish(execution, 'Succeeded');
    state.status = 'In Progress';
    state.started_at = now();
    this.touch(execution);
    execution.observer?.stateStarted({ ...state }, { task: input.userInput, tool: definition.tool ?? null });
    execution.timer = setTimeout(() => {
      execution.timer = null;
      void Promise.resolve(definition.run(input))
        .catch((error: unknown) => ({ ok: false, output: `Error: ${error instanceof Error ? error.message : String(error)}` }))
        .then((result) => {
          if (execution.record.overall_status !== 'In Progress') return; // aborted meanwhile
          state.status = result.ok ? 'Succeeded' : 'Failed';
          state.completed_at = now();
          execution.outputs.set(state.id, result.output);
          const final = index === (workflowStates[workflowId]?.length ?? 0) - 1;
          execution.observer?.stateFinished({ ...state }, { output: result.output, final });
          if (result.ok) this.runState(execution, workflowId, index + 1, input);
          else this.finish(execution, 'Failed');
        });
    }, unitsOf(definition, input) * this.options.unitMs);
  }

  private finish(execution: Execution, status: Status): void {
    execution.record.overall_status = status;
    this.touch(execution);
    execution.observer?.finished({ ...execution.record });
    execution.observer = null;
  }

  private touch(execution: Execution): void {
    execution.record.updated_date = now();
  }

  private find(principal: Principal, workflowId: string, executionId: string): Execution {
    requireUuid(workflowId, 'workflow');
    const execution = this.executions.get(executionId);
    // Another person's execution is answered like a missing one: its existence is not disclosed.
    if (!execution || execution.record.workflow_id !== workflowId || execution.record.created_by.user_id !== principal.userId) {
      throw notFound(`Execution ${executionId} not found`);
    }
    return execution;
  }

  list(principal: Principal, workflowId: string, page: number, perPage: number) {
    requireUuid(workflowId, 'workflow');
    if (!findWorkflow(workflowId)) throw notFound(`Workflow ${workflowId} not found`);
    const mine = [...this.executions.values()]
      .filter((execution) => execution.record.workflow_id === workflowId && execution.record.created_by.user_id === principal.userId)
      .map((execution) => ({ ...execution.record }))
      .reverse();
    return {
      data: mine.slice(page * perPage, (page + 1) * perPage),
      pagination: { page, per_page: perPage, total: mine.length, pages: Math.ceil(mine.length / perPage) },
    };
  }

  get(principal: Principal, workflowId: string, executionId: string): ExecutionRecord {
    return { ...this.find(principal, workflowId, executionId).record };
  }

  states(principal: Principal, workflowId: string, executionId: string) {
    const { states } = this.find(principal, workflowId, executionId);
    const data = states.filter((state) => state.status !== 'Not Started').map((state) => ({ ...state }));
    return { data, pagination: { page: 0, per_page: data.length, total: data.length, pages: 1 } };
  }

  /** A state's output; `null` until the state has finished (it has none yet, and will not change after). */
  output(principal: Principal, workflowId: string, executionId: string, stateId: string): { output: string | null } {
    const execution = this.find(principal, workflowId, executionId);
    if (!execution.states.some((state) => state.id === stateId)) throw notFound(`State ${stateId} not found`);
    return { output: execution.outputs.get(stateId) ?? null };
  }

  abort(principal: Principal, workflowId: string, executionId: string): ExecutionRecord {
    const execution = this.find(principal, workflowId, executionId);
    if (execution.record.overall_status !== 'In Progress') {
      throw new ApiError(409, `Execution ${executionId} is not running`, `overall_status: ${execution.record.overall_status}`, 'Only a running execution can be aborted.');
    }
    if (execution.timer) clearTimeout(execution.timer);
    execution.timer = null;
    for (const state of execution.states) {
      if (state.status === 'In Progress') {
        state.status = 'Aborted';
        state.completed_at = now();
        execution.observer?.stateFinished({ ...state }, { output: null, final: false });
      }
    }
    this.finish(execution, 'Aborted');
    return { ...execution.record };
  }

  /** Stops every timer (platform shutdown). */
  close(): void {
    for (const execution of this.executions.values()) if (execution.timer) clearTimeout(execution.timer);
  }
}
