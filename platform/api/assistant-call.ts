// POST /v1/assistants/{id}/model (and /chat): a JSON answer, or a stream of wire chunks (SSE or NDJSON).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { runScript, toolOf } from '../assistants/index';
import { ScriptFailure, type ToolCallOutcome } from '../assistants/script';
import { forwardedHeaders } from '../mcp/forwarding';
import { callMcpTool } from '../mcp/tool-client';
import type { ScriptedRun } from '../assistants/steps';
import { findAssistant, type AssistantEntry } from '../catalog-data';
import { RawReply } from '../assistants/fault-matrix';
import type { PostCounter } from './post-counter';
import { createChunkWriter, type StreamWire } from '../stream-writer';
import { mayUse, type Principal } from './auth';
import { parseCallRequest, type CallRequest } from './call-request';
import { ApiError, forbidden, notFound, seedForbidden } from './errors';
import { answerJson, streamRun, type Playback } from './play-run';
import { readJsonObject, requireUuid } from './validate';
import { attachedFiles, promptWithFiles, type AttachedFile } from '../files/attachments';
import { InvalidFileUrl } from '../files/file-url';
import type { FileStore } from '../files/store';
import { attachmentFailureRun } from '../assistants/file-reader';
import { maxSilenceMs } from '../assistants/slow-tool';

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
  /** Uploaded files, read by assistants given `file_names`. */
  files: FileStore;
  /** Default silence of the Slow Tool's tool, in ms. */
  silentToolMs: number;
}

export async function callAssistant(ctx: CallContext): Promise<void> {
  ctx.inFlight.count += 1;
  try {
    await answer(ctx);
  } finally {
    ctx.inFlight.count -= 1;
  }
}

async function answer({ req, res, principal, assistantId, streamDelayMs, streamWire, mcpUrl, forwardAlways, posts, files, silentToolMs }: CallContext): Promise<void> {
  const started = performance.now();
  requireUuid(assistantId, 'assistant');
  let request: ReturnType<typeof parseCallRequest>;
  try {
    request = parseCallRequest(await readJsonObject(req));
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

  let attached: AttachedFile[] = [];
  let failure: ScriptedRun | undefined;
  try {
    attached = attachedFiles(request.fileNames, files);
  } catch (error) {
    if (!(error instanceof InvalidFileUrl)) throw error;
    // Real servers accept the request, then the run fails while building the prompt: HTTP 200, an error answer.
    failure = attachmentFailureRun(error.message);
  }
  const run = failure ?? (await scriptedRun({ req, res, assistant, request, attached, mcpUrl, forwardAlways, silentToolMs }));
  if (run === null) return;

  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const playback: Playback = { run, unitMs: streamDelayMs, started, signal: abort.signal };
  if (!request.stream) await answerJson(playback, res, request.text);
  else await streamRun(playback, createChunkWriter(streamWire ?? run.wire ?? assistant.wire ?? 'sse', res), res);
}

interface RunContext {
  req: IncomingMessage;
  res: ServerResponse;
  assistant: AssistantEntry;
  request: CallRequest;
  attached: AttachedFile[];
  mcpUrl: string;
  forwardAlways: boolean;
  silentToolMs: number;
}

/** The assistant's script run; null when the script answered on its own (a raw reply). */
async function scriptedRun({ req, res, assistant, request, attached, mcpUrl, forwardAlways, silentToolMs }: RunContext): Promise<ScriptedRun | null> {
  const propagate = request.propagateHeaders || forwardAlways;
  const headers = forwardedHeaders(req.headers, propagate);
  // Tool-using assistants call their MCP tool for real, forwarding the caller's X-* headers per the rules.
  let toolCall: ToolCallOutcome | undefined;
  const tool = toolOf(assistant, { question: request.text });
  if (tool) {
    const result = await callMcpTool({ url: mcpUrl, ...tool, headers });
    toolCall = { server: mcpUrl, ...tool, result, propagate };
  }
  try {
    return runScript(assistant, {
      ...(toolCall ? { toolCall } : {}),
      question: promptWithFiles(request.text, attached),
      model: request.llmModel ?? assistant.llmModel,
      files: attached,
      silentToolMs,
      invokeTool: (name, args, signal) => callMcpTool({ url: mcpUrl, tool: name, args, headers, signal, timeoutMs: maxSilenceMs + 30_000 }),
      ...(request.previousUserTurns !== undefined ? { turn: request.previousUserTurns + 1 } : {}),
      ...(request.earlierQuestion !== undefined ? { earlierQuestion: request.earlierQuestion } : {}),
    });
  } catch (error) {
    if (error instanceof ScriptFailure) throw new ApiError(error.status, error.message, error.details, error.help, error.headers);
    if (error instanceof RawReply) {
      res.writeHead(error.status, error.headers).end(error.body);
      return null;
    }
    throw error;
  }
}
