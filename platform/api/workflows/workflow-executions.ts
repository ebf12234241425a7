// Workflow executions: POST starts one (200 with the record, or with stream:true a stream of its progress, see
// workflow-stream.ts) that then runs in memory (workflows/execution-run.ts); the follow-up endpoints read, page,
// resume, edit, abort, delete and export it, answering as real servers do (DEPLOYED-API.md §4, §5), errors included:
// most unknown ids are a 500 with a stack trace, not a 404.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { findWorkflow } from '../../catalog/catalog-data';
import { forwardedHeaders } from '../../mcp/forwarding';
import { outgoingTraceparent } from '../trace-context';
import { naiveUtcNow } from '../../naive-time';
import { exportZip, type ExportFormat } from '../../workflows/execution-export';
import { ExecutionRunner, type Execution, type ExecutionObserver } from '../../workflows/execution-run';
import {
  createReply,
  historyItem,
  listItem,
  stateItem,
  thoughtTree,
  type ExecutionRecord,
  type ThoughtRecord,
} from '../../workflows/execution-records';
import { mayUse, type Principal } from '../auth';
import { ApiError, forbidden, notFound, unprocessable } from '../errors';
import { unknownIdError } from '../unhandled-error';
import { paged, readOutputEdit, readResume, readStart, type PageRequest } from './workflow-requests';
import { requireUuid, type JsonObject } from '../validate';
import { checkRunFileCount, checkRunFiles } from '../../files/run-files';
import type { ServerGeneration } from '../../generation';

export type { ExecutionObserver } from '../../workflows/execution-run';

/** Opens the stream of a run; the observer it returns hears every step from then on. */
export type OpenStream = (record: ExecutionRecord) => ExecutionObserver;

const notFoundError = (message: string, details: string): ApiError =>
  new ApiError(404, message, details, 'Please check the execution id and try again.');

/** In-memory executions of one platform instance. */
export class ExecutionStore {
  private readonly executions = new Map<string, Execution>();
  private readonly runner: ExecutionRunner;

  /** `server`: current servers check a run's files at start (files/run-files.ts); 2.42 servers do not. */
  constructor(private readonly options: { unitMs: number; mcpUrl: string; server?: ServerGeneration }) {
    this.runner = new ExecutionRunner(options.unitMs);
  }

  /** Starts an execution; with `stream: true` and `openStream`, the run is streamed from its first state. */
  start(principal: Principal, workflowId: string, body: JsonObject, req: IncomingMessage, openStream?: OpenStream) {
    requireUuid(workflowId, 'workflow');
    const checksFiles = this.options.server !== '2.42';
    if (checksFiles) checkRunFileCount(body['file_names']);
    const start = readStart(body);
    const workflow = findWorkflow(workflowId);
    if (!workflow) throw notFound(`Workflow ${workflowId} not found`);
    if (!mayUse(principal, workflow.requiredRole))
      throw forbidden(`You do not have permission to run the workflow '${workflow.name}'.`);
    if (checksFiles) checkRunFiles(start.files, principal.userId);
    const executionId = randomUUID();
    const date = naiveUtcNow();
    const prompt = start.userInput ?? '';
    // The local platform has one project; real servers use the workflow's project.
    const record: ExecutionRecord = {
      id: randomUUID(),
      execution_id: executionId,
      workflow_id: workflow.id,
      workflow_name: workflow.name,
      overall_status: 'In Progress',
      output: null,
      prompt,
      file_names: start.files,
      created_by: { user_id: principal.userId, username: principal.username, name: principal.name },
      date,
      update_date: date,
      tokens_usage: null,
      project: 'demo',
      history: [historyItem('User', prompt, 0, start.files), historyItem('Assistant', '', 0)],
      states: [],
    };
    const execution: Execution = {
      record,
      input: {
        userInput: prompt,
        tags: start.tags ?? [],
        sessionId: start.sessionId?.trim() || executionId,
        fileNames: [],
        previousOutput: null,
        resumeInput: null,
        forwarded: forwardedHeaders(req.headers, start.propagate),
        propagate: start.propagate,
        traceparent: outgoingTraceparent(req),
        mcpUrl: this.options.mcpUrl,
      },
      nextIndex: 0,
      gatePassed: null,
      historyIndex: 0,
      checkpointOutput: null,
      timer: null,
      observer: null,
      generation: 0,
    };
    this.executions.set(executionId, execution);
    if (start.stream && openStream) execution.observer = openStream(structuredClone(record));
    this.runner.go(execution, start.files);
    return createReply(record);
  }

  /** The caller's execution, or undefined: another person's execution is treated as unknown. */
  private own(principal: Principal, executionId: string): Execution | undefined {
    const execution = this.executions.get(executionId);
    return execution && execution.record.created_by.user_id === principal.userId ? execution : undefined;
  }

  /** Like real servers' `get_by_id`: an unknown execution is a KeyError, answered 500. */
  private require(principal: Principal, executionId: string): Execution {
    const execution = this.own(principal, executionId);
    if (!execution) throw unknownIdError(executionId);
    return execution;
  }

  list(principal: Principal, workflowId: string, page: PageRequest) {
    requireUuid(workflowId, 'workflow');
    if (!findWorkflow(workflowId)) throw notFound(`Workflow ${workflowId} not found`);
    const mine = [...this.executions.values()]
      .filter(
        (execution) =>
          execution.record.workflow_id === workflowId && execution.record.created_by.user_id === principal.userId,
      )
      .reverse()
      .map((execution) => listItem(execution.record));
    return paged(mine, page);
  }

  /** The single GET; `wid` is not checked, as on real servers. */
  get(principal: Principal, executionId: string) {
    const execution = this.own(principal, executionId);
    if (!execution)
      throw notFoundError('Execution Not Found', `The workflow execution with id '${executionId}' could not be found.`);
    return listItem(execution.record);
  }

  states(principal: Principal, executionId: string, page: PageRequest) {
    return paged(this.require(principal, executionId).record.states.map(stateItem), page);
  }

  /** A state's output; `null` until the state has finished. */
  output(principal: Principal, executionId: string, stateId: string): { output: string | null } {
    const state = this.require(principal, executionId).record.states.find((candidate) => candidate.id === stateId);
    if (!state) throw unknownIdError(stateId);
    return { output: state.output };
  }

  /** Resumes any execution (its status is not checked); with `openStream` the rest of the run is streamed. */
  resume(
    principal: Principal,
    executionId: string,
    body: JsonObject,
    req: IncomingMessage,
    propagate: boolean,
    openStream?: OpenStream,
  ) {
    const execution = this.require(principal, executionId);
    const resume = readResume(body);
    const { record } = execution;
    if (resume.userInput !== undefined) {
      execution.historyIndex += 1;
      record.history.push(historyItem('User', resume.userInput, execution.historyIndex, resume.files ?? []));
    }
    if (resume.files) record.file_names = resume.files;
    record.overall_status = 'In Progress';
    record.update_date = naiveUtcNow();
    for (const state of record.states) if (state.status === 'Interrupted') state.status = 'Succeeded';
    // A run still going (resumed twice) is not started a second time; a stream asked for then ends at once.
    if (execution.timer || record.states.some((state) => state.status === 'In Progress')) {
      openStream?.(structuredClone(record)).finished(structuredClone(record));
      return;
    }
    execution.gatePassed = execution.nextIndex;
    execution.input = {
      ...execution.input,
      resumeInput: resume.userInput ?? null,
      forwarded: forwardedHeaders(req.headers, propagate),
      propagate,
      traceparent: outgoingTraceparent(req),
    };
    if (openStream) execution.observer = openStream(structuredClone(record));
    this.runner.go(execution, resume.files);
  }

  /** PUT …/output: the state's output and root thought change, and the next state reads the edited text. */
  editOutput(principal: Principal, executionId: string, body: JsonObject): void {
    const edit = readOutputEdit(body);
    const failure = (details: string) =>
      new ApiError(
        500,
        'Workflow Output Editing Error',
        details,
        'Please try again later or contact support if the problem persists.',
      );
    const execution = this.own(principal, executionId);
    if (!execution) throw failure(`Workflow execution '${executionId}' not found`);
    const state = execution.record.states.find((candidate) => candidate.id === edit.stateId);
    if (!state) throw failure(`Workflow execution state '${edit.stateId}' not found`);
    state.output = edit.output;
    state.update_date = naiveUtcNow();
    const root = state.thoughts[0];
    if (root) root.content = edit.output;
    execution.checkpointOutput = edit.output;
  }

  /** Always succeeds, as on real servers: an unknown execution is a no-op, a finished one becomes Aborted. */
  abort(principal: Principal, executionId: string): void {
    const execution = this.own(principal, executionId);
    if (execution) this.runner.abort(execution);
  }

  delete(principal: Principal, executionId: string): void {
    const execution = this.own(principal, executionId);
    if (!execution)
      throw notFoundError(
        'Execution you are trying to delete is Not Found',
        `The workflow execution with id '${executionId}' could not be found.`,
      );
    this.runner.stop(execution);
    this.executions.delete(executionId);
  }

  /** POST …/thoughts: the given thoughts (or every state's root thought), each with all its descendants. */
  thoughts(principal: Principal, executionId: string, ids: unknown): ThoughtRecord[] {
    const execution = this.require(principal, executionId);
    if (ids !== null && ids !== undefined && !(Array.isArray(ids) && ids.every((id) => typeof id === 'string'))) {
      throw unprocessable('body: Input should be a valid list', [
        { loc: ['body'], msg: 'Input should be a valid list', type: 'list_type' },
      ]);
    }
    const roots = execution.record.states.flatMap((state) => state.thoughts);
    if (!ids || ids.length === 0) return roots.map(thoughtTree);
    const all = (thought: ThoughtRecord): ThoughtRecord[] => [thought, ...thought.children.flatMap(all)];
    const wanted = new Set(ids);
    return roots
      .flatMap(all)
      .filter((thought) => wanted.has(thought.id))
      .map(thoughtTree);
  }

  /** GET …/export: the zip and its file name; an unknown execution gives an empty zip, never an error. */
  export(
    principal: Principal,
    workflowId: string,
    executionId: string,
    format: ExportFormat,
    combined: boolean,
  ): { zip: Buffer; fileName: string } {
    const workflow = findWorkflow(workflowId);
    if (!workflow || !mayUse(principal, workflow.requiredRole)) {
      throw new ApiError(
        500,
        'Workflow Export Error',
        `Workflow '${workflowId}' cannot be exported.`,
        'Please try again later or contact support if the problem persists.',
      );
    }
    const states = this.own(principal, executionId)?.record.states ?? [];
    const baseName = `${workflow.name}_${executionId}`;
    return { zip: exportZip(states, { format, combined, baseName }), fileName: `${baseName}.zip` };
  }

  /** Stops every run (platform shutdown). */
  close(): void {
    for (const execution of this.executions.values()) this.runner.stop(execution);
  }
}
