// POST /v1/assistants/{id}/model (and /chat): a JSON answer, or a stream of wire chunks (SSE or NDJSON).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { runScript, toolOf } from '../assistants/index';
import { ScriptFailure, type ToolCallOutcome } from '../assistants/script';
import { forwardedHeaders } from '../mcp/forwarding';
import { callMcpTool } from '../mcp/tool-client';
import { outgoingTraceparent } from './trace-context';
import type { ScriptedRun } from '../assistants/steps';
import { findAssistant, type AssistantEntry } from '../catalog/catalog-data';
import { RawReply } from '../assistants/faults/fault-matrix';
import type { PostCounter } from './post-counter';
import { createChunkWriter, type StreamWire } from '../stream-writer';
import type { ServerGeneration } from '../generation';
import { chunkOfGeneration } from '../generation';
import { mayUse, type Principal } from './auth';
import { historyFacts, parseCallRequest, type CallRequest, type SentMessage } from './call-request';
import { CallTurn } from '../conversations/call-turn';
import type { ConversationStore } from '../conversations/store';
import type { Conversation } from '../conversations/types';
import { ApiError, forbidden, notFound, seedForbidden } from './errors';
import { answerJson, streamRun, type Playback } from './workflows/play-run';
import { readJsonObject, requireUuid } from './validate';
import { attachedFiles, promptWithFiles, type AttachedFile } from '../files/attachments';
import { InvalidFileUrl } from '../files/file-url';
import type { FileStore } from '../files/store';
import { attachmentFailureRun } from '../assistants/file-reader';
import { maxSilenceMs } from '../assistants/slow-tool';
import { checkInteractiveResponse, type CheckedResponse } from '../conversations/interactive/interactive-intake';
import { checkA2uiAnswer, type CheckedA2uiAnswer } from '../conversations/interactive/a2ui-intake';
import { basicCatalogId } from '../assistants/asking/a2ui-surfaces';
import { effectivePolicy, type ToolCallPolicy } from '../approval/policy';
import type { Checkpoint } from '../approval/checkpoint';
import { setPending } from '../approval/pending';
import type { GenerationRegistry } from '../background/registry';
import type { ChatNamer } from '../background/naming';
import { streamInBackground } from '../background/stream-turn';
import type { ModelAllowList } from './faults/model-allow-list';
import { refusalRun, type RefusalKnob } from './faults/refusal-knob';

export interface CallContext {
  req: IncomingMessage;
  res: ServerResponse;
  principal: Principal;
  assistantId: string;
  streamDelayMs: number;
  /** When set, every streamed answer uses this wire instead of the assistant's own. */
  streamWire?: StreamWire | undefined;
  mcpUrl: string;
  /** Forward X-* to tools whatever propagate_headers says (real servers do on assistant calls). */
  forwardAlways: boolean;
  /** Counts answers being generated (visible on /healthz). */
  inFlight: { count: number };
  /** Counts the calls per assistant and question (GET /__test/posts). */
  posts?: PostCounter | undefined;
  /** Where calls are stored as conversation turns, and replayed from. */
  conversations: ConversationStore;
  /** Uploaded files, read by assistants given `file_names`. */
  files: FileStore;
  /** Default silence of the Slow Tool's tool, in ms. */
  silentToolMs: number;
  /** Which generation of server to behave like. */
  server: ServerGeneration;
  /** Current servers: the running generations per conversation (background generation, /abort, /stream). */
  generations: GenerationRegistry;
  /** Current servers: names a new conversation after its first turn where contextual naming is on. */
  naming?: ChatNamer | undefined;
  /** People whose calls are refused in band (the test knob `/__test/refusal`). */
  refusals?: RefusalKnob | undefined;
  /** Conversations whose project allows only some models (the test knob `/__test/model-allow-list`). */
  modelAllowList?: ModelAllowList | undefined;
}

export async function callAssistant(ctx: CallContext): Promise<void> {
  ctx.inFlight.count += 1;
  try {
    await answer(ctx);
  } finally {
    ctx.inFlight.count -= 1;
  }
}

async function answer(ctx: CallContext): Promise<void> {
  const { req, res, principal, assistantId, streamDelayMs, streamWire, posts } = ctx;
  const started = performance.now();
  requireUuid(assistantId, 'assistant');
  let request: ReturnType<typeof parseCallRequest>;
  try {
    request = parseCallRequest(await readJsonObject(req), ctx.server);
  } finally {
    // Counted whether or not the body is valid: a POST that reached the assistant is a POST.
    posts?.count(assistantId);
  }
  posts?.countQuestion(assistantId, request.text);
  const assistant = findAssistant(assistantId);
  if (!assistant) throw notFound(`Assistant ${assistantId} not found`);
  if (!mayUse(principal, assistant.requiredRole)) {
    const refusal = `You do not have permission to use the assistant '${assistant.name}'.`;
    throw assistant.seedRefusal ? seedForbidden(refusal) : forbidden(refusal);
  }
  // From here on, real servers store what happens as a turn of the conversation, errors included.
  const turn = new CallTurn(ctx.conversations, principal, request, assistantId, started);
  const stored = request.conversationId === undefined ? undefined : ctx.conversations.find(request.conversationId);
  const policy = effectivePolicy({
    server: ctx.server,
    assistant: assistant.toolPermissions,
    request: request.toolCallPolicy,
    conversation: stored?.toolCallPolicy ?? null,
  });
  const pause: Pause = { policy };
  const model = modelOf(ctx.server, request, stored, assistant);
  if (ctx.server === 'current') ctx.modelAllowList?.check(request.conversationId, model, Boolean(request.llmModel));
  let run: ScriptedRun;
  try {
    // Real servers check an answer to an earlier question inside the handler: a refusal is stored as a turn.
    const conversation = request.conversationId ? ctx.conversations.find(request.conversationId) : undefined;
    const a2uiAnswer = ctx.server === '2.42' ? undefined : checkedA2uiAnswer(request, conversation, turn);
    // Current servers removed the interactive_response intake: the field is ignored there.
    const response =
      request.interactiveResponse === undefined || ctx.server !== '2.42'
        ? undefined
        : checkInteractiveResponse(conversation, request.interactiveResponse, request.historyIndex);
    const refused = ctx.refusals?.codeFor(principal.username, request.conversationId);
    run = refused
      ? refusalRun(refused, request.text)
      : await prepareRun(ctx, assistant, { ...request, model }, turn.history, response, pause, a2uiAnswer);
  } catch (error) {
    if (error instanceof RawReply) {
      // A gateway's page or a sign-in redirect: the request never reached the server that stores turns.
      res.writeHead(error.status, error.headers).end(error.body);
      return;
    }
    if (error instanceof ApiError) turn.fail(error);
    throw error;
  }

  const abort = new AbortController();
  res.on('close', () => abort.abort());
  if (!request.stream) {
    // The JSON path has no disconnect handler: the answer is generated and stored whether or not the client waits.
    const playback: Playback = { run, unitMs: streamDelayMs, started, signal: abort.signal };
    await answerJson(playback, res, request.text);
    turn.seeRun(run);
    turn.finish(true);
    afterTurn(ctx, turn, pause, true, model);
    return;
  }
  const wire = createChunkWriter(streamWire ?? run.wire ?? assistant.wire ?? 'sse', res);
  if (ctx.server === 'current' && request.saveHistory) {
    // Current servers keep generating when the client goes; the turn is stored in progress until it ends.
    const playback = { run, unitMs: streamDelayMs, started };
    const stream = { registry: ctx.generations, server: ctx.server, turn, playback, wire, res };
    const completed = await streamInBackground(stream);
    afterTurn(ctx, turn, pause, completed, model);
    return;
  }
  // 2.42 servers (and unsaved calls) stop generating when the client disconnects.
  const playback: Playback = { run, unitMs: streamDelayMs, started, signal: abort.signal };
  const writer = turn.watch({ ...wire, write: (chunk) => wire.write(chunkOfGeneration(ctx.server, chunk)) });
  const completed = await streamRun(playback, writer, res);
  turn.finish(completed);
  afterTurn(ctx, turn, pause, completed, model);
}

/**
 * The model a call runs on (CURRENT-SERVERS.md, Corrections): current servers use the conversation's stored model
 * when the body omits `llmModel`, and the assistant's default when it sends null. 2.42 mode keeps the platform's
 * earlier reading (omitted and null both mean the assistant's default).
 */
function modelOf(
  server: ServerGeneration,
  request: CallRequest,
  stored: Conversation | undefined,
  assistant: AssistantEntry,
): string {
  if (request.llmModel === undefined && server === 'current') return stored?.llmModel ?? assistant.llmModel;
  return request.llmModel ?? assistant.llmModel;
}

/** What follows a stored turn: the conversation keeps its first model, a pause its pending call, a first turn a name. */
function afterTurn(ctx: CallContext, turn: CallTurn, pause: Pause, completed: boolean, model: string): void {
  keepPause(ctx, turn, pause, completed);
  const conversation = ctx.conversations.find(turn.conversationId);
  if (!conversation || !turn.saved || ctx.server !== 'current') return;
  if (conversation.llmModel === null) conversation.llmModel = model;
  if (turn.saved.first && turn.status === 'success')
    ctx.naming?.afterFirstTurn(conversation.id, turn.saved.user.message, ctx.principal.username);
}

/** The effective tool-call policy of a call, and where the run paused under it (if it did). */
interface Pause {
  policy: ToolCallPolicy;
  at?: Checkpoint;
}

/** A run that paused and was saved leaves its pending call on the conversation (index known once saved). */
function keepPause(ctx: CallContext, turn: CallTurn, pause: Pause, completed: boolean): void {
  const conversation = ctx.conversations.find(turn.conversationId);
  if (!completed || !pause.at || turn.savedIndex === undefined || !conversation) return;
  setPending(conversation, ctx.assistantId, turn.savedIndex, pause.at);
}

/**
 * Decodes the attached files, calls the assistant's MCP tool when it has one, then scripts the run from the
 * question and the history used. A file name that is not an upload's URL fails the run, not the request.
 */
async function prepareRun(
  ctx: CallContext,
  assistant: AssistantEntry,
  request: CallRequest & { model: string },
  history: SentMessage[] | undefined,
  interactiveResponse: CheckedResponse | undefined,
  pause: Pause,
  a2uiAnswer?: CheckedA2uiAnswer,
): Promise<ScriptedRun> {
  const { req, mcpUrl, forwardAlways, files, silentToolMs } = ctx;
  let attached: AttachedFile[];
  try {
    attached = attachedFiles(request.fileNames, files);
  } catch (error) {
    if (!(error instanceof InvalidFileUrl)) throw error;
    // Real servers accept the request, then the run fails while building the prompt: HTTP 200, an error answer.
    return attachmentFailureRun(error.message);
  }
  const propagate = request.propagateHeaders || forwardAlways;
  const headers = forwardedHeaders(req.headers, propagate);
  const traceparent = outgoingTraceparent(req);
  // Tool-using assistants call their MCP tool for real, forwarding the caller's X-* headers per the rules.
  let toolCall: ToolCallOutcome | undefined;
  const tool = toolOf(assistant, { question: request.text });
  if (tool) {
    const result = await callMcpTool({ url: mcpUrl, ...tool, headers, traceparent });
    toolCall = { server: mcpUrl, ...tool, result, propagate };
  }

  // Assistants that follow the conversation read exactly the history the server used (replayed or sent).
  const facts = history !== undefined ? historyFacts(history) : undefined;
  try {
    return runScript(assistant, {
      ...(toolCall ? { toolCall } : {}),
      question: promptWithFiles(request.text, attached),
      model: request.model,
      stream: request.stream,
      ...(interactiveResponse ? { interactiveResponse } : {}),
      ...a2uiInput(ctx, request, a2uiAnswer),
      files: attached,
      silentToolMs,
      toolCallPolicy: pause.policy,
      onPause: (checkpoint) => (pause.at = checkpoint),
      invokeTool: (name, args, signal) =>
        callMcpTool({ url: mcpUrl, tool: name, args, headers, traceparent, signal, timeoutMs: maxSilenceMs + 30_000 }),
      ...(facts ? { turn: facts.previousUserTurns + 1 } : {}),
      ...(facts?.earlierQuestion !== undefined ? { earlierQuestion: facts.earlierQuestion } : {}),
    });
  } catch (error) {
    if (error instanceof ScriptFailure)
      throw new ApiError(error.status, error.message, error.details, error.help, error.headers);
    throw error;
  }
}

/**
 * What a script reads of A2UI: the generation, whether the question tool is offered (only to a streamed call
 * declaring exactly the Basic Catalog id; extra ids are ignored) and the checked answer.
 */
function a2uiInput(ctx: CallContext, request: CallRequest, answer: CheckedA2uiAnswer | undefined) {
  const offered = request.stream && (request.a2uiSupportedCatalogs ?? []).includes(basicCatalogId);
  // Behind the console's same-origin proxy, media the agent names is addressed as the browser reaches the API
  // (RFC 7239 Forwarded: host="…";proto=…, first hop).
  const forwarded = ctx.req.headers['forwarded']?.split(',')[0] ?? '';
  const field = (name: string) => new RegExp(`(?:^|;)\\s*${name}="?([^";]+)"?`, 'i').exec(forwarded)?.[1];
  const host = field('host') ?? ctx.req.headers.host;
  const scheme = field('proto') === 'https' ? 'https' : 'http';
  return {
    generation: ctx.server,
    a2ui: ctx.server === 'current' && offered,
    ...(answer ? { a2uiAnswer: answer } : {}),
    ...(host ? { origin: `${scheme}://${host}` } : {}),
  };
}

/** The A2UI answer of the call checked; a refused one is stored as an error turn that answers nothing. */
function checkedA2uiAnswer(
  request: CallRequest,
  conversation: Conversation | undefined,
  turn: CallTurn,
): CheckedA2uiAnswer | undefined {
  if (request.a2uiAction === undefined && request.a2uiDataModel === undefined) return undefined;
  try {
    return checkA2uiAnswer(conversation, request.a2uiAction, request.a2uiDataModel, request.historyIndex);
  } catch (error) {
    turn.dropA2uiAnswer();
    throw error;
  }
}
