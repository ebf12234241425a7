// POST /v1/assistants/{id}/model (and /chat): a JSON answer, or an SSE stream of wire chunks.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { emptyWireChunk, type WireAssistantAnswer, type WireChunk } from '../wire';
import { runScript } from '../assistants/index';
import { estimateTokens, ScriptFailure, tokenize, type ScriptedAnswer } from '../assistants/script';
import { findAssistant } from '../catalog-data';
import { sendJson } from '../http-util';
import { openEventStream, pause, writeEvent } from '../sse';
import { mayUse, type Principal } from './auth';
import { parseCallRequest } from './call-request';
import { ApiError, forbidden, notFound } from './errors';
import { readJsonObject, requireUuid } from './validate';

export interface CallContext {
  req: IncomingMessage;
  res: ServerResponse;
  principal: Principal;
  assistantId: string;
  streamDelayMs: number;
  /** Counts answers being generated (visible on /healthz). */
  inFlight: { count: number };
}

const seconds = (since: number): number => Math.round((performance.now() - since) * 1000) / 1_000_000;

export async function callAssistant(ctx: CallContext): Promise<void> {
  ctx.inFlight.count += 1;
  try {
    await answer(ctx);
  } finally {
    ctx.inFlight.count -= 1;
  }
}

async function answer({ req, res, principal, assistantId, streamDelayMs }: CallContext): Promise<void> {
  const started = performance.now();
  requireUuid(assistantId, 'assistant');
  const request = parseCallRequest(await readJsonObject(req));
  const assistant = findAssistant(assistantId);
  if (!assistant) throw notFound(`Assistant ${assistantId} not found`);
  if (!mayUse(principal, assistant.requiredRole)) {
    throw forbidden(`You do not have permission to use the assistant '${assistant.name}'.`);
  }

  let scripted: ScriptedAnswer;
  try {
    scripted = runScript(assistant, {
      question: request.text,
      model: request.llmModel ?? assistant.llmModel,
      ...(request.previousUserTurns !== undefined ? { turn: request.previousUserTurns + 1 } : {}),
    });
  } catch (error) {
    if (error instanceof ScriptFailure) throw new ApiError(500, error.message, error.details, error.help);
    throw error;
  }

  const tokens = tokenize(scripted.text);
  const tokenDelay = streamDelayMs * scripted.delayFactor;
  const abort = new AbortController();
  res.on('close', () => abort.abort());

  if (!request.stream) {
    try {
      await pause(tokenDelay * Math.min(tokens.length, 40), abort.signal);
    } catch {
      return;
    }
    const body: WireAssistantAnswer = {
      generated: scripted.text,
      timeElapsed: seconds(started),
      tokensUsed: estimateTokens(request.text, scripted.text),
      taskId: randomUUID(),
      thoughts: [],
    };
    sendJson(res, 200, body);
    return;
  }

  openEventStream(res);
  try {
    for (const token of tokens) {
      await pause(tokenDelay, abort.signal);
      const chunk: WireChunk = { ...emptyWireChunk, generated_chunk: token };
      writeEvent(res, chunk);
    }
  } catch {
    return; // the client went away: stop generating
  }
  const last: WireChunk = { ...emptyWireChunk, generated: scripted.text, time_elapsed: seconds(started), last: true };
  writeEvent(res, last);
  res.end();
}
