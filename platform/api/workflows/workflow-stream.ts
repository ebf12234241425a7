// Streamed workflow runs (POST …/executions with stream:true, PUT …/resume?stream=true): the execution's progress
// as wire chunks, the way real servers stream a workflow (PLATFORM-FACTS, "Workflow executions"; DEPLOYED-API §4):
// every chunk names the execution in `workflow_execution_id`; each state sends a `workflow_state` event
// `{id, name, task, status, event_type, started_at, completed_at}` when it starts and when it finishes (the output
// is not in it: clients read it from …/states/{id}/output or the thought), and its thoughts (author_type
// "WorkflowState", a nested tool thought when it calls one); the last state's output streams as `generated_chunk`;
// a final compact `last: true` chunk carries the whole text. A pause ends with the state_interrupted chunk instead.
// The execution does not depend on the stream: a client that goes away leaves it running.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { emptyWireChunk, type WireChunk, type WireThought } from '../../wire';
import { sendJson } from '../../http-util';
import { pythonJsonDumps } from '../../python-json';
import { createChunkWriter, type StreamWire } from '../../stream-writer';
import type { ExecutionRecord, StateRecord, ThoughtRecord } from '../../workflows/execution-records';
import type { ExecutionObserver } from '../../workflows/execution-run';
import type { Principal } from '../auth';
import { seconds } from './play-run';
import { readJsonObject } from '../validate';
import { flagParam, optionalObject, readOptionalJson } from './workflow-requests';
import type { ExecutionStore } from './workflow-executions';

const stateEvent = (state: StateRecord) => ({
  id: state.id,
  name: state.name,
  task: state.task,
  status: state.status,
  event_type: state.status === 'In Progress' ? 'state_start' : 'state_finish',
  started_at: state.started_at,
  completed_at: state.completed_at,
});

const toolStatus = (state: StateRecord): string =>
  state.status === 'In Progress'
    ? 'running'
    : state.status === 'Failed'
      ? 'error'
      : state.status === 'Aborted'
        ? 'interrupted'
        : 'completed';

/** A stored thought as a wire thought (without children: they are sent as their own chunks). */
function wireThought(thought: ThoughtRecord, state: StateRecord): WireThought {
  const running = state.status === 'In Progress';
  const tool = thought.author_type === 'Tool';
  const message = running ? '' : thought.content;
  return {
    id: thought.id,
    parent_id: thought.parent_id,
    metadata: tool ? { replay_type: 'tool', tool_name: thought.author_name, status: toolStatus(state) } : {},
    in_progress: running,
    input_text: thought.input_text ?? '',
    message,
    author_type: thought.author_type,
    author_name: thought.author_name,
    output_format: message.trimStart().startsWith('#') ? 'markdown' : 'text',
    error: state.status === 'Failed',
    aborted: state.status === 'Aborted',
    children: [],
  };
}

/** Splits text into a few pieces, as a model's tokens would arrive. */
const pieces = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? [];

/** An observer that writes the execution's progress on the wire; it stops writing when the client goes away. */
export function executionStream(res: ServerResponse, wire: StreamWire, record: ExecutionRecord): ExecutionObserver {
  const writer = createChunkWriter(wire, res);
  const started = performance.now();
  let generated = '';
  let lastMessage = '';
  let open = true;
  res.on('close', () => (open = false));
  // Real servers write each workflow event with json.dumps (spaces after separators) and a newline; only their
  // final chunk is compact (DEPLOYED-API §5, "Field formats"). The SSE wire frames every chunk alike.
  const write = (chunk: Partial<WireChunk>) => {
    const whole: WireChunk = { ...emptyWireChunk, ...chunk, workflow_execution_id: record.execution_id };
    if (!open) return;
    if (wire === 'ndjson' && whole.last !== true) writer.writeEvent(null, `${pythonJsonDumps(whole)}\n`);
    else writer.write(whole);
  };
  const writeThoughts = (state: StateRecord, thoughts: readonly ThoughtRecord[]) => {
    for (const thought of thoughts) {
      // Children first when finishing, so a tool's result arrives before its state's closing thought.
      if (state.status !== 'In Progress') writeThoughts(state, thought.children);
      write({ thought: wireThought(thought, state), context: { execution_state_id: state.id } });
      if (state.status === 'In Progress') writeThoughts(state, thought.children);
    }
  };
  const end = () => {
    if (open) writer.end();
    open = false;
  };
  return {
    stateStarted(state) {
      write({ workflow_state: stateEvent(state) });
      writeThoughts(state, state.thoughts);
    },
    stateFinished(state, final) {
      writeThoughts(state, state.thoughts);
      const message = state.output ?? '';
      if (message && state.status !== 'Aborted') lastMessage = message;
      if (final && state.status === 'Succeeded') {
        for (const piece of pieces(message)) {
          generated += piece;
          write({ generated_chunk: piece });
        }
      }
      write({ workflow_state: stateEvent(state) });
    },
    interrupted({ predecessor, name, task }) {
      const chunk: WireChunk = {
        ...emptyWireChunk,
        generated: predecessor?.output ?? null,
        last: true,
        workflow_execution_id: record.execution_id,
        workflow_state: {
          id: predecessor?.id ?? null,
          name,
          task,
          status: 'Interrupted',
          event_type: 'state_interrupted',
          started_at: null,
          completed_at: null,
        },
      };
      // Real servers write this one chunk with json.dumps (spaces after separators) and a newline.
      if (open) {
        if (wire === 'ndjson') writer.writeEvent(null, `${pythonJsonDumps(chunk)}\n`);
        else writer.write(chunk);
      }
      end();
    },
    finished() {
      write({ generated: generated || lastMessage, generated_chunk: '', time_elapsed: seconds(started), last: true });
      end();
    },
  };
}

interface RunContext {
  req: IncomingMessage;
  res: ServerResponse;
  principal: Principal;
  workflowId: string;
  wire: StreamWire;
}

/** The start call: 200 with the record, or (stream:true) the stream of the run; errors before it are API errors. */
export async function startWorkflowRun(executions: ExecutionStore, ctx: RunContext): Promise<void> {
  const { req, res } = ctx;
  let streamed = false;
  const record = executions.start(ctx.principal, ctx.workflowId, await readJsonObject(req, true), req, (started) => {
    streamed = true;
    return executionStream(res, ctx.wire, started);
  });
  if (!streamed) sendJson(res, 200, record);
}

/** PUT …/resume: `{"message": …}` (the run goes on in the background), or with ?stream=true the stream of the rest. */
export async function resumeWorkflowRun(
  executions: ExecutionStore,
  ctx: RunContext & { executionId: string; query: URLSearchParams },
): Promise<void> {
  const { req, res, query } = ctx;
  const stream = flagParam(query, 'stream', false);
  const propagate = flagParam(query, 'propagate_headers', false);
  const body = optionalObject(await readOptionalJson(req));
  const openStream = stream ? (record: ExecutionRecord) => executionStream(res, ctx.wire, record) : undefined;
  executions.resume(ctx.principal, ctx.executionId, body, req, propagate, openStream);
  if (!stream) sendJson(res, 200, { message: 'Workflow execution has been resumed' });
}
