// POST /v1/workflows/{id}/executions with stream:true: the execution's progress as wire chunks, the way real
// servers stream a workflow (PLATFORM-FACTS, "Workflow executions"): every chunk names the execution in
// `workflow_execution_id`; each state sends a `workflow_state` event when it starts and when it finishes, and a
// thought authored by the state (author_type "WorkflowState"), with a nested tool thought when it calls one;
// the last state's output streams as `generated_chunk`; a final `last: true` chunk carries the whole text.
// The execution does not depend on the stream: a client that goes away leaves it running.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { emptyWireChunk, type WireChunk, type WireThought } from '../wire';
import { sendJson } from '../http-util';
import { createChunkWriter, type StreamWire } from '../stream-writer';
import type { Principal } from './auth';
import { seconds } from './play-run';
import { readJsonObject } from './validate';
import type { ExecutionObserver, ExecutionRecord, ExecutionState, ExecutionStore } from './workflow-executions';

const thought = (fields: Partial<WireThought> & Pick<WireThought, 'id' | 'author_name'>): WireThought => ({
  parent_id: null,
  metadata: {},
  in_progress: false,
  input_text: '',
  message: '',
  author_type: 'WorkflowState',
  output_format: 'text',
  children: [],
  ...fields,
});

const stateEvent = (state: ExecutionState, task: string, output?: string) => ({
  id: state.id,
  name: state.name,
  task,
  status: state.status,
  event_type: state.completed_at ? 'state_finish' : 'state_start',
  started_at: state.started_at,
  completed_at: state.completed_at,
  ...(output !== undefined ? { output } : {}),
});

/** Splits text into a few pieces, as a model's tokens would arrive. */
const pieces = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? [];

/** An observer that writes the execution's progress on the wire; it stops writing when the client goes away. */
export function executionStream(res: ServerResponse, wire: StreamWire, record: ExecutionRecord): ExecutionObserver {
  const writer = createChunkWriter(wire, res);
  const started = performance.now();
  const thoughts = new Map<string, { id: string; task: string; tool: string | null; toolId: string }>();
  let generated = '';
  let lastMessage = '';
  let open = true;
  res.on('close', () => (open = false));
  const write = (chunk: Partial<WireChunk>) => {
    if (open) writer.write({ ...emptyWireChunk, ...chunk, workflow_execution_id: record.execution_id });
  };
  return {
    stateStarted(state, { task, tool }) {
      const ids = { id: randomUUID(), task, tool, toolId: randomUUID() };
      thoughts.set(state.id, ids);
      const context = { execution_state_id: state.id };
      write({ workflow_state: stateEvent(state, task) });
      write({ thought: thought({ id: ids.id, author_name: state.name, input_text: task, in_progress: true }), context });
      if (tool) {
        const metadata = { replay_type: 'tool', tool_name: tool, status: 'running' };
        const call = thought({ id: ids.toolId, parent_id: ids.id, author_type: 'Tool', author_name: tool, metadata, in_progress: true });
        write({ thought: call, context });
      }
    },
    stateFinished(state, { output, final }) {
      const ids = thoughts.get(state.id);
      if (!ids) return;
      const context = { execution_state_id: state.id };
      const failed = state.status === 'Failed';
      const aborted = state.status === 'Aborted';
      const message = output ?? '';
      if (ids.tool) {
        const metadata = { status: failed ? 'error' : aborted ? 'interrupted' : 'completed' };
        const result = thought({ id: ids.toolId, parent_id: ids.id, author_type: 'Tool', author_name: ids.tool, metadata, message, error: failed });
        write({ thought: result, context });
      }
      const format = message.trimStart().startsWith('#') ? 'markdown' : 'text';
      write({ thought: thought({ id: ids.id, author_name: state.name, message, output_format: format, error: failed, aborted }), context });
      if (message) lastMessage = message;
      if (final && !failed) {
        for (const piece of pieces(message)) {
          generated += piece;
          write({ generated_chunk: piece });
        }
      }
      write({ workflow_state: stateEvent(state, ids.task, output ?? undefined) });
    },
    finished() {
      write({ generated: generated || lastMessage, generated_chunk: '', time_elapsed: seconds(started), last: true });
      if (open) writer.end();
      open = false;
    },
  };
}

/** The start call: 200 with the record, or (stream:true) the stream of the run; errors before it are API errors. */
export async function startWorkflowRun(
  executions: ExecutionStore,
  ctx: { req: IncomingMessage; res: ServerResponse; principal: Principal; workflowId: string; wire: StreamWire },
): Promise<void> {
  const { req, res } = ctx;
  let streamed = false;
  const record = executions.start(ctx.principal, ctx.workflowId, await readJsonObject(req, true), req.headers, (started) => {
    streamed = true;
    return executionStream(res, ctx.wire, started);
  });
  if (!streamed) sendJson(res, 200, record);
}
