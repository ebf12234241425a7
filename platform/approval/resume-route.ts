// POST /v1/assistants/{assistant_id}/model/tool-call/resume (CURRENT-SERVERS.md §1.4): allow or deny the tool call a
// turn paused on, and stream the rest of that turn on the assistant's own wire, like /model. Only current servers
// have it (the router leaves it out in 2.42 mode, so it answers 404 like any unknown route).
import type { CallContext } from '../api/assistant-call';
import { mayUse } from '../api/auth';
import { forbidden, notFound, unprocessable, type FieldError } from '../api/errors';
import { answerJson, streamRun, type Playback } from '../api/workflows/play-run';
import { optionalField, readJsonObject, requireUuid, type JsonObject } from '../api/validate';
import { settledSteps, StepList } from '../assistants/steps';
import { findAssistant } from '../catalog/catalog-data';
import { accessDenied } from '../conversations/store';
import { chunkOfGeneration } from '../generation';
import { forwardedHeaders } from '../mcp/forwarding';
import { callMcpTool } from '../mcp/tool-client';
import { outgoingTraceparent } from '../api/trace-context';
import { createChunkWriter } from '../stream-writer';
import { setPending } from './pending';
import { planOf } from './plans';
import { effectivePolicy } from './policy';
import { pausedItem, ResumedTurn } from './resumed-turn';
import { approvalRun } from './run';
import type { Checkpoint } from './checkpoint';
import { isPlanKind } from './scripts';

export const noPendingCall = 'No pending tool call found for this conversation.';

type Action = 'allow' | 'deny';

function invalid(name: string, msg: string, type: string) {
  const error: FieldError = { loc: ['body', name], msg, type };
  return unprocessable(`${name}: ${msg}`, [error]);
}

/** The body as real servers' request model reads it; extra keys (`pending_tool_call_id`) are ignored. */
function parseResume(body: JsonObject): { conversationId: string; action: Action; stream: boolean } {
  const conversationId = body['conversation_id'];
  if (conversationId === undefined || conversationId === null)
    throw invalid('conversation_id', 'Field required', 'missing');
  if (typeof conversationId !== 'string')
    throw invalid('conversation_id', 'Input should be a valid string', 'string_type');
  const action = body['action'];
  if (action === undefined || action === null) throw invalid('action', 'Field required', 'missing');
  if (action !== 'allow' && action !== 'deny')
    throw invalid('action', "Input should be 'allow' or 'deny'", 'literal_error');
  return { conversationId, action, stream: optionalField<boolean>(body, 'stream', 'boolean') ?? true };
}

export async function resumeToolCall(ctx: CallContext): Promise<void> {
  const { req, res, principal, assistantId, conversations } = ctx;
  const started = performance.now();
  requireUuid(assistantId, 'assistant');
  let body: JsonObject | undefined;
  try {
    body = await readJsonObject(req);
  } finally {
    // Counted whether or not the body is valid, like /model POSTs (by action when it names one).
    ctx.posts?.countResume(assistantId, body?.['action']);
  }
  const { conversationId, action, stream } = parseResume(body);
  const assistant = findAssistant(assistantId);
  if (!assistant) throw notFound(`Assistant ${assistantId} not found`);
  if (!mayUse(principal, assistant.requiredRole))
    throw forbidden(`You do not have permission to use the assistant '${assistant.name}'.`);
  const conversation = conversations.find(conversationId);
  if (!conversation) throw notFound(noPendingCall);
  // Someone else's conversation: the conversation routes' 401 "Access denied" (the hand-off says 403; not seen).
  if (conversation.ownerId !== principal.userId) throw accessDenied(conversation.id);
  const pending = conversation.pending;
  const item = pending ? pausedItem(conversation, pending.view.history_index) : undefined;
  if (!pending || !item || pending.assistantId !== assistantId || !isPlanKind(assistant.script))
    throw notFound(noPendingCall);
  // A resume refused by the test knob (/__test/refusal for this conversation or person) fails as local runs do when
  // nothing is pending (CURRENT-SERVERS.md §7): HTTP 200, the error inside the stream; the call stays pending.
  const refused = ctx.refusals?.codeFor(principal.username, conversationId);
  if (refused && stream) {
    const failed = new StepList().last(noPendingCall, { execution_error: refused, success: false }).run();
    const writer = createChunkWriter(ctx.streamWire ?? assistant.wire ?? 'sse', res);
    await streamRun(
      { run: failed, unitMs: ctx.streamDelayMs, started, signal: new AbortController().signal },
      writer,
      res,
    );
    return;
  }
  // Cleared at once: a second resume of the same call finds nothing pending.
  conversation.pending = null;

  const headers = forwardedHeaders(req.headers, ctx.forwardAlways);
  const traceparent = outgoingTraceparent(req);
  let pausedAgain: Checkpoint | undefined;
  const { checkpoint } = pending;
  const run = approvalRun(
    {
      plan: planOf(assistant.script, checkpoint.question),
      question: checkpoint.question,
      policy: effectivePolicy({
        server: ctx.server,
        assistant: assistant.toolPermissions,
        request: null,
        conversation: conversation.toolCallPolicy ?? null,
      }),
      invoke: (tool, args, signal) => callMcpTool({ url: ctx.mcpUrl, tool, args, headers, traceparent, signal }),
      onPause: (next) => (pausedAgain = next),
    },
    { kind: action, checkpoint },
  );
  const turn = new ResumedTurn(conversation, item, started);
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  let completed: boolean;
  if (stream) {
    const playback: Playback = { run, unitMs: ctx.streamDelayMs, started, signal: abort.signal };
    const wire = createChunkWriter(ctx.streamWire ?? assistant.wire ?? 'sse', res);
    const writer = turn.watch({ ...wire, write: (chunk) => wire.write(chunkOfGeneration(ctx.server, chunk)) });
    completed = await streamRun(playback, writer, res);
  } else {
    // The JSON answer of /model, from the settled run (the tool runs once, here).
    const settled = { steps: await settledSteps(run.steps, new AbortController().signal) };
    for (const step of settled.steps) if (step.kind === 'chunk') turn.see(step.chunk);
    await answerJson(
      { run: settled, unitMs: ctx.streamDelayMs, started, signal: abort.signal },
      res,
      checkpoint.question,
    );
    completed = true;
  }
  turn.finish(completed);
  if (completed && pausedAgain) setPending(conversation, assistantId, pending.view.history_index, pausedAgain);
}
