import type { Answer } from '@/domain/answer';
import type { ErrorDescription } from '@/domain/describe-error';
import type { StreamHealth } from '@/domain/stream-health';

export type TurnStatus = 'sending' | 'streaming' | 'completed' | 'stopped' | 'interrupted' | 'failed';

/**
 * One question and what came back for it, as a conversation keeps it. Turns form a tree: `parentId` is the
 * turn this one follows (null for the first); turns with the same parent are versions of one another
 * (regenerated, retried or edited), so nothing is ever deleted by asking again.
 */
export interface ConversationTurn {
  id: string;
  parentId: string | null;
  question: string;
  assistantId: string;
  assistantName: string;
  /** The model override sent with the call; absent means the assistant's default. */
  model?: string;
  mode: 'stream' | 'json';
  status: TurnStatus;
  answer: Answer;
  error?: ErrorDescription;
  requestId?: string;
  /** How the answer travelled: SSE, NDJSON, or one JSON body. */
  wire?: 'sse' | 'ndjson' | 'json';
  startedAt: number;
  endedAt?: number;
  /** How a streamed answer travelled: first byte and token, rate, gaps, frames (measured by this console). */
  health?: StreamHealth;
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
}

export const isTurnActive = (turn: Pick<ConversationTurn, 'status'>): boolean => turn.status === 'sending' || turn.status === 'streaming';

/** A title from the first question: its first line, cut at a word near 60 characters. */
export function titleFrom(question: string): string {
  const line = question.trim().split('\n')[0]?.replace(/\s+/g, ' ').trim() ?? '';
  if (line.length <= 60) return line || 'New conversation';
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${space > 30 ? cut.slice(0, space) : cut}…`;
}
