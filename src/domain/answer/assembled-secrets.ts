import type { SecretMatcher } from '@/domain/headers/secret-forms';
import { secretMask } from '@/domain/headers/secrets';
import { withThoughtMessage } from '@/domain/thoughts/thought-tree';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import type { Answer } from './answer';

/**
 * Secret values in what streamed pieces assemble. Each piece is masked on the wire, but a value cut across two
 * chunks (a model streaming a key token by token, in the answer or in a thought) only appears once they are joined:
 * wherever an answer is folded from chunks, the text and thoughts a batch grew are searched again, and masked whole.
 */

/** How much a batch of chunks grew an answer: its text (`all`: replaced), and each tree thought's message. */
export interface AnswerGrowth {
  text: number | 'all';
  thoughts: ReadonlyMap<string, number>;
}

/** What the batch grew, read from the chunks it folded into `after` (which was `before`). */
export function growthOf(before: Answer, after: Answer, chunks: readonly (StreamChunk | null)[]): AnswerGrowth {
  const thoughts = new Map<string, number>();
  for (const chunk of chunks) {
    const thought = chunk?.thought;
    if (!thought || after.answerThoughtIds.includes(thought.id)) continue;
    thoughts.set(thought.id, (thoughts.get(thought.id) ?? 0) + thought.message.length);
  }
  const grew = after.text.startsWith(before.text);
  return { text: grew ? after.text.length - before.text.length : 'all', thoughts };
}

export interface MaskedAssembly {
  /** The answer with the values masked; the same object when there were none. */
  answer: Answer;
  /** The answer's whole text, when it was masked. */
  text?: string;
  /** The thoughts whose whole message was masked, with it. */
  thoughtMessages?: { id: string; message: string }[];
}

/**
 * The answer with every form of a secret value masked where the batch could have completed one: the end of its text
 * and of each thought it grew (only that much of each is searched, so a long answer costs no more per batch).
 */
export function maskAssembled(answer: Answer, growth: AnswerGrowth, matcher: SecretMatcher): MaskedAssembly {
  if (matcher.longest === 0) return { answer };
  const completes = (text: string, grown: number | 'all') =>
    grown !== 0 && matcher.test(grown === 'all' ? text : text.slice(-(grown + matcher.longest)));
  let next = answer;
  const masked: MaskedAssembly = { answer };
  if (completes(answer.text, growth.text)) {
    masked.text = matcher.scrub(answer.text, secretMask);
    next = { ...next, text: masked.text };
  }
  let thoughts = answer.thoughts;
  const messages: { id: string; message: string }[] = [];
  for (const [id, grown] of growth.thoughts)
    thoughts = withThoughtMessage(thoughts, id, (message) => {
      if (!completes(message, grown)) return message;
      const clean = matcher.scrub(message, secretMask);
      messages.push({ id, message: clean });
      return clean;
    });
  if (messages.length > 0) {
    masked.thoughtMessages = messages;
    next = { ...next, thoughts };
  }
  return { ...masked, answer: next };
}
