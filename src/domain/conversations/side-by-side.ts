import type { DiffPart } from '@/domain/diff/text-diff';
import { usageOf } from '@/domain/answer/usage';
import type { ConversationTurn } from './conversation';

// Two conversations asked the same questions (Ask two, or a replay on another assistant), read side by side: turn i of
// one against turn i of the other, each answer's time and tokens, and the words that differ. Pure: the page draws it.

type PairTurn = Pick<
  ConversationTurn,
  'question' | 'status' | 'answer' | 'startedAt' | 'endedAt' | 'interactiveResponse' | 'a2uiAnswer'
>;

export interface PairSide {
  text: string;
  status: ConversationTurn['status'];
  /** Seconds the answer took: the server's own figure where it gave one, else from asked to ended here. */
  seconds?: number;
  tokens?: number;
}

export interface AlignedPair {
  /** Position among the questions, from 0. */
  index: number;
  question: string;
  /** The other side was asked something else at this position (its own question, when it was). */
  otherQuestion?: string;
  left?: PairSide;
  right?: PairSide;
  /** Both answers have ended (neither is on its way nor waits for the person). */
  settled: boolean;
  identical: boolean;
}

/** On its way, or waiting for the person: not an answer to compare yet. */
const ongoing = (status: ConversationTurn['status']) =>
  status === 'sending' || status === 'streaming' || status === 'waiting';

function sideOf(turn: PairTurn): PairSide {
  const usage = usageOf(turn.answer);
  const measured = turn.endedAt !== undefined ? (turn.endedAt - turn.startedAt) / 1000 : undefined;
  const seconds = usage.seconds ?? measured;
  return {
    text: turn.answer.text,
    status: turn.status,
    ...(seconds !== undefined && seconds >= 0 ? { seconds } : {}),
    ...(usage.tokens !== undefined ? { tokens: usage.tokens } : {}),
  };
}

/** The person's own questions of a conversation's shown path: answers given to the agent (forms, questions) are not. */
export const askedTurns = <T extends PairTurn>(path: readonly T[]): T[] =>
  path.filter((turn) => !turn.interactiveResponse && !turn.a2uiAnswer);

/** The two conversations' questions, position by position. */
export function alignConversations(left: readonly PairTurn[], right: readonly PairTurn[]): AlignedPair[] {
  const ours = askedTurns(left);
  const theirs = askedTurns(right);
  const pairs: AlignedPair[] = [];
  for (let index = 0; index < Math.max(ours.length, theirs.length); index++) {
    const one = ours[index];
    const other = theirs[index];
    const leftSide = one ? sideOf(one) : undefined;
    const rightSide = other ? sideOf(other) : undefined;
    const question = one?.question ?? other?.question ?? '';
    const differs = one && other && one.question.trim() !== other.question.trim();
    const settled = Boolean(leftSide && rightSide && !ongoing(leftSide.status) && !ongoing(rightSide.status));
    pairs.push({
      index,
      question,
      ...(differs ? { otherQuestion: other.question } : {}),
      ...(leftSide ? { left: leftSide } : {}),
      ...(rightSide ? { right: rightSide } : {}),
      settled,
      // Two failures, or two empty answers, are not alike answers.
      identical:
        settled &&
        leftSide?.status === 'completed' &&
        rightSide?.status === 'completed' &&
        leftSide.text.trim() === rightSide.text.trim(),
    });
  }
  return pairs;
}

/** The words one answer has that the other has not, counted on each side: "12 words differ" at a glance. */
export function wordChanges(parts: readonly DiffPart[]): { removed: number; added: number } {
  const words = (text: string) => text.match(/[\p{L}\p{N}_]+/gu)?.length ?? 0;
  return parts.reduce(
    (count, part) =>
      part.op === 'removed'
        ? { ...count, removed: count.removed + words(part.text) }
        : part.op === 'added'
          ? { ...count, added: count.added + words(part.text) }
          : count,
    { removed: 0, added: 0 },
  );
}

export interface PairTotals {
  questions: number;
  settled: number;
  identical: number;
  left: { seconds?: number; tokens?: number };
  right: { seconds?: number; tokens?: number };
}

const sum = (values: readonly (number | undefined)[]) =>
  values.some((value) => value !== undefined)
    ? values.reduce<number>((total, value) => total + (value ?? 0), 0)
    : undefined;

const totalOf = (sides: readonly (PairSide | undefined)[]) => {
  const seconds = sum(sides.map((side) => side?.seconds));
  const tokens = sum(sides.map((side) => side?.tokens));
  return { ...(seconds !== undefined ? { seconds } : {}), ...(tokens !== undefined ? { tokens } : {}) };
};

/** How many questions both sides have answered, how many alike, and each side's time and tokens over them. */
export function pairTotals(pairs: readonly AlignedPair[]): PairTotals {
  const settled = pairs.filter((pair) => pair.settled);
  return {
    questions: pairs.length,
    settled: settled.length,
    identical: settled.filter((pair) => pair.identical).length,
    left: totalOf(settled.map((pair) => pair.left)),
    right: totalOf(settled.map((pair) => pair.right)),
  };
}

/**
 * What the side-by-side page's address holds, so a reload or a link shows the same two conversations: `left` and
 * `right` once they exist, `replay` (the conversation to replay) while the second side is chosen, and the view.
 */
export interface SideBySideSearch {
  left?: string;
  right?: string;
  replay?: string;
  view?: 'aligned';
}

const idIn = (value: unknown) => (typeof value === 'string' && /^[\w-]{1,100}$/.test(value) ? value : undefined);

export function sideBySideSearch(search: Record<string, unknown>): SideBySideSearch {
  const left = idIn(search.left);
  const right = idIn(search.right);
  const replay = idIn(search.replay);
  const both = left && right && left !== right;
  return {
    ...(both ? { left, right } : {}),
    ...(replay && !both ? { replay } : {}),
    ...(search.view === 'aligned' ? { view: 'aligned' as const } : {}),
  };
}
