import type { Answer } from '@/domain/answer/answer';
import type { ErrorDescription } from '@/domain/errors/describe-error';
import type { InteractiveResponse } from '@/domain/interactive/response';
import type { StreamHealth } from '@/domain/stream/stream-health';
import type { ToolCallPolicy } from '@/domain/approval/tool-policy';
import type { ConversationWaiting } from '@/domain/waiting/waiting-item';

/** `waiting`: the answer is paused until the person does something (allows or denies a tool call). */
export type TurnStatus = 'sending' | 'streaming' | 'waiting' | 'completed' | 'stopped' | 'interrupted' | 'failed';

/**
 * One question and what came back for it, as a conversation keeps it. Turns form a tree: `parentId` is the
 * turn this one follows (null for the first); turns with the same parent are versions of one another
 * (regenerated, retried or edited), so nothing is ever deleted by asking again.
 */
export interface ConversationTurn {
  id: string;
  parentId: string | null;
  question: string;
  /** The files sent with the question (`file_names`: the file_url each upload returned). */
  fileNames?: string[];
  assistantId: string;
  assistantName: string;
  /** The model override sent with the call; absent means the assistant's default. */
  model?: string;
  mode: 'stream' | 'json';
  status: TurnStatus;
  answer: Answer;
  error?: ErrorDescription;
  requestId?: string;
  /** The trace the turn's calls carried in their `traceparent` (one per turn). */
  traceId?: string;
  /** How the answer travelled: SSE, NDJSON, or one JSON body. */
  wire?: 'sse' | 'ndjson' | 'json';
  startedAt: number;
  endedAt?: number;
  /** This question answers the agent's question of the turn before it (its text is the display chip). */
  interactiveResponse?: InteractiveResponse;
  /** This question answers a form (A2UI) of the turn before it: the action pressed and the whole data model sent. */
  a2uiAnswer?: { action: unknown; dataModel: unknown };
  /** The person's like / dislike of the answer, as the server stored it (its feedback id removes it). */
  feedback?: TurnFeedback;
  /** A stopped answer as the server kept it (current servers keep what was generated until the stop reached them). */
  keptByServer?: true;
  /** How a streamed answer travelled: first byte and token, rate, gaps, frames (measured by this console). */
  health?: StreamHealth;
}

export interface TurnFeedback {
  mark: 'correct' | 'wrong';
  feedbackId: string;
}

/** Which version is shown below each parent: parent id (or `rootKey`) → chosen turn id. */
export type VersionSelection = Readonly<Record<string, string>>;

/** What the conversation list needs, without the turns. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  selection: VersionSelection;
  /** Distinct normalised words of the title, questions and answers: the search index is built from these. */
  words: readonly string[];
  /** Who answered the latest question (and the model asked for, if any): the rail shows it. */
  assistant?: { id: string; name: string; model?: string | undefined } | undefined;
  pinned?: boolean | undefined;
  /**
   * The server's copy as last read into this browser (its change time and how many history items it had): a server
   * that says otherwise was changed elsewhere since.
   */
  server?: { updateDate: string; items: number } | undefined;
  /** What waits for the person in it (a paused tool call, a form): the "Waiting for you" list reads it. */
  waiting?: ConversationWaiting | undefined;
  /** The chat's own tool-call policy, as the server keeps it (current servers). */
  toolCallPolicy?: ToolCallPolicy | undefined;
}

export const isTurnActive = (turn: Pick<ConversationTurn, 'status'>): boolean =>
  turn.status === 'sending' || turn.status === 'streaming';

/** A title from the first question: its first line, cut at a word near 60 characters. */
export function titleFrom(question: string): string {
  const line = question.trim().split('\n')[0]?.replace(/\s+/g, ' ').trim() ?? '';
  if (line.length <= 60) return line || 'New conversation';
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${space > 30 ? cut.slice(0, space) : cut}…`;
}
