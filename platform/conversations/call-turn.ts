// The conversation side of one assistant call: which history the server uses (replay v2), and what it
// stores when the call ends (the answer, "Agent has been interrupted by client", or the error it raised). Current
// servers store a streamed turn before its first chunk, in progress, and finish that item in place (§2.1).
import { randomUUID } from 'node:crypto';
import type { Principal } from '../api/auth';
import type { CallRequest, SentMessage } from '../api/call-request';
import { ApiError } from '../api/errors';
import { estimateTokens } from '../assistants/script';
import type { ScriptedRun } from '../assistants/steps';
import type { ChunkWriter } from '../stream-writer';
import type { WireChunk } from '../wire';
import { replayedHistory } from './history';
import { saveTurn, type SavedTurn, type TurnAnswer, type TurnQuestion } from './save-turn';
import { accessHelp, touch, type ConversationStore } from './store';
import { StoredThoughts } from './stored-thoughts';
import { requireOpen } from './finished';
import { naiveTimestamp } from './timestamps';
import type { TurnStatus } from './types';

export const interruptedByClient = 'Agent has been interrupted by client';

const seconds = (since: number): number => Math.round(performance.now() - since) / 1000;

/**
 * Replay v2 (real servers' default): an existing conversation's stored turns replace a request history that is
 * empty, a string, or plain chat messages, which is all this platform accepts. So for an existing conversation
 * the sent history never counts; it does only when the conversation does not exist yet.
 */
function historyUsed(store: ConversationStore, principal: Principal, request: CallRequest): SentMessage[] | undefined {
  const stored = request.conversationId === undefined ? undefined : store.find(request.conversationId);
  if (!stored) return typeof request.history === 'string' ? undefined : request.history;
  if (stored.ownerId !== principal.userId) {
    // The assistant call answers 403 here, where the conversation routes answer 401.
    throw new ApiError(
      403,
      'Access denied',
      `You don't have permission to access conversation ${stored.id}.`,
      accessHelp,
    );
  }
  // Current servers: a finished conversation takes no more messages (409 before anything is stored).
  return replayedHistory(requireOpen(stored));
}

/**
 * What a call costs, as real servers count it per answer (`moneySpent`, US dollars from the model's price per token):
 * here a flat price of $2.50 per million input tokens and $10 per million output tokens, rounded as servers store it.
 */
export const moneyFor = (inputTokens: number, outputTokens: number): number =>
  Math.round((inputTokens * 2.5 + outputTokens * 10) / 1e-2) / 1e8;

export class CallTurn {
  /** The history the assistant gets: the replayed one for an existing conversation, else the sent one. */
  readonly history: SentMessage[] | undefined;
  private readonly question: TurnQuestion;
  private readonly thoughts = new StoredThoughts();
  private generated = '';
  /** The streamed deltas so far: what an aborted turn keeps as its message. */
  private partial = '';
  /** A `last` chunk that reported a failure (success false): the turn is stored as an error. */
  private failed = false;
  private interactiveRequest: unknown = null;
  private readonly a2uiEnvelopes: unknown[] = [];
  private done = false;
  /** The stored pair (undefined until saved, or when not saved). */
  saved: SavedTurn | undefined;

  constructor(
    private readonly store: ConversationStore,
    private readonly principal: Principal,
    private readonly request: CallRequest,
    assistantId: string,
    private readonly started: number,
  ) {
    this.history = historyUsed(store, principal, request);
    this.question = {
      conversationId: request.conversationId ?? randomUUID(),
      text: request.text,
      fileNames: request.fileNames,
      receivedAt: naiveTimestamp(),
      assistantId,
      ...(request.historyIndex !== undefined ? { historyIndex: request.historyIndex } : {}),
      ...(request.contentRaw !== undefined ? { contentRaw: request.contentRaw } : {}),
      ...(request.interactiveResponse !== undefined ? { interactiveResponse: request.interactiveResponse } : {}),
      ...(request.a2uiAction !== undefined ? { a2uiAction: request.a2uiAction } : {}),
      ...(request.a2uiDataModel !== undefined ? { a2uiDataModel: request.a2uiDataModel } : {}),
    };
  }

  /** A refused A2UI answer is still stored as a turn, but does not count as answering the surface. */
  dropA2uiAnswer(): void {
    delete this.question.a2uiAction;
    delete this.question.a2uiDataModel;
  }

  get conversationId(): string {
    return this.question.conversationId;
  }

  /** Takes in what the server generates: the answer of the last chunk that carries one, and every thought update. */
  see(chunk: WireChunk): void {
    // Scripts build chunks from emptyWireChunk, but a key left undefined must not erase what was seen.
    if (typeof chunk.generated === 'string') this.generated = chunk.generated;
    if (typeof chunk.generated_chunk === 'string') this.partial += chunk.generated_chunk;
    if (chunk.last === true && chunk.success === false) this.failed = true;
    if (chunk.thought) this.thoughts.apply(chunk.thought);
    if (chunk.interactive_request !== null && chunk.interactive_request !== undefined)
      this.interactiveRequest = chunk.interactive_request;
    if (chunk.a2ui !== null && chunk.a2ui !== undefined) this.a2uiEnvelopes.push(chunk.a2ui);
  }

  /** Takes in a whole run at once (the JSON answer, where nothing is streamed). */
  seeRun(run: ScriptedRun): void {
    for (const step of run.steps) {
      if (step.kind === 'chunk') this.see(step.chunk);
      else if (step.kind === 'live') this.see(step.answer);
    }
  }

  /** A writer that shows every chunk written to this turn first. */
  watch(writer: ChunkWriter): ChunkWriter {
    return { ...writer, write: (chunk) => (this.see(chunk), writer.write(chunk)) };
  }

  /** The history index the turn was saved under (undefined until saved, or when not saved). */
  get savedIndex(): number | undefined {
    return this.saved?.historyIndex;
  }

  /** How the stored turn stands now (undefined when nothing is stored). */
  get status(): TurnStatus | null | undefined {
    return this.saved?.assistant.status;
  }

  /** Current servers' streamed turn: stored at once, in progress, with no answer yet (finished in place later). */
  begin(): void {
    if (this.saved || !this.request.saveHistory) return;
    this.saved = saveTurn(this.store, this.principal, this.question, {
      ...this.answer(''),
      thoughts: [],
      inProgress: true,
      status: 'success',
    });
  }

  /** Stores the answer; a stream the client left before its end is stored as interrupted. */
  finish(completed: boolean): void {
    // A turn begun in the background was not cut by its client: not completed means it broke (or was aborted).
    const outcome: TurnStatus = this.failed ? 'error' : 'success';
    if (this.saved?.assistant.inProgress)
      this.settle(completed ? this.generated : this.partial, completed ? outcome : 'error');
    else this.save(completed ? this.generated : interruptedByClient, completed ? outcome : 'interrupted');
  }

  /** A person aborted the run: the text so far is kept, and the status stays `interrupted` whatever follows. */
  interrupt(): void {
    if (this.saved?.assistant.inProgress) this.settle(this.partial, 'interrupted');
  }

  /** An error raised inside the handler is stored as the answer: "<message>: <details>\n<help>". */
  fail(error: ApiError): void {
    // Python formats a missing value as "None".
    const details =
      typeof error.details === 'string'
        ? error.details
        : error.details === null
          ? 'None'
          : JSON.stringify(error.details);
    const message = `${error.message}: ${details}\n${error.help ?? ''}`;
    if (this.saved?.assistant.inProgress) this.settle(message, 'error');
    else this.save(message, 'error');
  }

  private answer(
    message: string,
  ): Pick<TurnAnswer, 'message' | 'responseTime' | 'inputTokens' | 'outputTokens' | 'moneySpent'> {
    const inputTokens = estimateTokens(this.request.text);
    const outputTokens = estimateTokens(message);
    return {
      message,
      responseTime: seconds(this.started),
      inputTokens,
      outputTokens,
      moneySpent: moneyFor(inputTokens, outputTokens),
    };
  }

  private save(message: string, status: TurnStatus): void {
    if (this.done || !this.request.saveHistory) return;
    this.done = true;
    this.saved = saveTurn(this.store, this.principal, this.question, {
      ...this.answer(message),
      thoughts: this.thoughts.kept(),
      interactiveRequest: this.interactiveRequest,
      a2uiEnvelopes: this.a2uiEnvelopes,
      status,
    });
  }

  /** Finishes the in-progress item in place: the answer, its real response time, and how it ended. */
  private settle(message: string, status: TurnStatus): void {
    const saved = this.saved;
    if (!saved) return;
    this.done = true;
    Object.assign(saved.assistant, {
      ...this.answer(message),
      date: naiveTimestamp(),
      thoughts: this.thoughts.kept(),
      interactiveRequest: this.interactiveRequest,
      a2uiEnvelopes: this.a2uiEnvelopes.length > 0 ? [...this.a2uiEnvelopes] : null,
      inProgress: false,
      status,
    });
    saved.user.inProgress = false;
    const conversation = this.store.find(this.conversationId);
    if (conversation) touch(conversation);
  }
}
