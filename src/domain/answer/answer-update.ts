import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { applyThought, withThoughtMessage } from '@/domain/thoughts/thought-tree';
import { arrivalsOf, noArrivals, withArrivals, type Arrival } from '@/domain/timeline/arrival-times';
import type { WireThought } from '@/domain/wire';
import { countMalformed, foldChunk, type Answer, type OwnLists } from './answer';

/**
 * What a batch of chunks changed in an answer, costing what changed rather than the answer's size: the fold runs
 * where the stream is read (the stream worker) and the page applies this to its copy of the answer. The fold is
 * `foldChunk`, whichever side runs it; `applyAnswerUpdate(answer, foldChunks(answer, …).update)` is the answer
 * `foldChunks` returned.
 */
export interface AnswerUpdate {
  /** The text added at the end; with `replaced`, the answer's whole new text. */
  text: string;
  replaced?: true;
  /** The streamed thoughts that went into the tree, in order, consecutive updates of one thought joined. */
  thoughts?: WireThought[];
  /**
   * Thoughts whose whole message is sent anew once `thoughts` are applied: a secret value their streamed pieces only
   * assembled, masked (each piece was masked on the wire; see the stream worker's chunk folder).
   */
  thoughtMessages?: readonly { id: string; message: string }[];
  /** When this batch's thoughts arrived: their entries only. */
  arrivals?: Record<string, Arrival>;
  /** The answer's other fields that the batch changed, with their new values. */
  fields?: Partial<Omit<Answer, 'text' | 'thoughts' | 'thoughtTimes'>>;
}

/** Later keys take the later value unless it is empty, as the tree's merge takes an update (see thought-tree). */
const later = (first: string, second: string): string => second || first;

/**
 * One update standing for two consecutive updates of the same thought, the second without children of its own
 * (the tree would put those after any children adopted in between): the tree takes it as it takes the two.
 */
function joined(first: WireThought, second: WireThought): WireThought {
  const flags = (['error', 'interrupted', 'aborted'] as const).flatMap((key) => {
    const value = second[key] ?? first[key];
    return value === undefined ? [] : [[key, value] as const];
  });
  return {
    ...first,
    ...Object.fromEntries(flags),
    message: first.message + second.message,
    input_text: later(first.input_text, second.input_text),
    author_name: later(first.author_name, second.author_name),
    author_type: later(first.author_type, second.author_type),
    output_format: later(first.output_format, second.output_format),
    metadata: Object.keys(second.metadata).length ? { ...first.metadata, ...second.metadata } : first.metadata,
    in_progress: second.in_progress ?? first.in_progress,
  };
}

function addThought(thoughts: WireThought[], thought: WireThought): void {
  const previous = thoughts[thoughts.length - 1];
  if (previous?.id === thought.id && thought.children.length === 0)
    thoughts[thoughts.length - 1] = joined(previous, thought);
  else thoughts.push(thought);
}

/** Keys the update carries its own way. */
const ownWay = (key: string): boolean => key === 'text' || key === 'thoughts' || key === 'thoughtTimes';

/** The fields of `after` that are not those of `before` (the fold only adds or replaces fields, never removes one). */
function changedFields(before: Answer, after: Answer): AnswerUpdate['fields'] {
  const changed: Record<string, unknown> = {};
  let any = false;
  for (const [key, value] of Object.entries(after)) {
    if (ownWay(key) || before[key as keyof Answer] === value) continue;
    changed[key] = value;
    any = true;
  }
  return any ? (changed as AnswerUpdate['fields']) : undefined;
}

/**
 * Folds a batch of chunks (unreadable pieces as null) that arrived by `now` into the answer: the new answer, and
 * the update that turns the answer into it.
 */
export function foldChunks(
  answer: Answer,
  items: readonly (StreamChunk | null)[],
  now: number,
): { answer: Answer; update: AnswerUpdate } {
  let next = answer;
  let appended = '';
  let replaced = false;
  const treeThoughts: WireThought[] = [];
  const allThoughts: WireThought[] = [];
  // The envelope and error lists this batch copies once, then appends to in place (`answer`'s own are never changed).
  const own: OwnLists = new WeakSet();
  for (const item of items) {
    if (!item) {
      next = countMalformed(next);
      continue;
    }
    const change = foldChunk(next, item, own);
    next = change.answer;
    if (change.replaced) {
      replaced = true;
      appended = '';
    } else appended += change.appended;
    const thought = item.thought;
    if (!thought) continue;
    allThoughts.push(thought);
    // Answer thoughts carry answer text, not tree nodes; the fold has just learned (or knew) which they are.
    if (!next.answerThoughtIds.includes(thought.id)) addThought(treeThoughts, thought);
  }
  const arrivals = allThoughts.length ? arrivalsOf(next.thoughtTimes ?? noArrivals, allThoughts, now) : undefined;
  if (arrivals) next = { ...next, thoughtTimes: withArrivals(next.thoughtTimes ?? noArrivals, arrivals) };
  // A last chunk that repeats the text streamed so far, or continues it, is the text growing: readers that follow
  // its end keep their place.
  const grew = replaced && next.text.startsWith(answer.text);
  const fields = changedFields(answer, next);
  const update: AnswerUpdate = {
    text: !replaced ? appended : grew ? next.text.slice(answer.text.length) : next.text,
    ...(replaced && !grew ? { replaced: true as const } : {}),
    ...(treeThoughts.length ? { thoughts: treeThoughts } : {}),
    ...(arrivals ? { arrivals } : {}),
    ...(fields ? { fields } : {}),
  };
  return { answer: next, update };
}

/** The answer with an update applied (see `foldChunks`). Pure. */
export function applyAnswerUpdate(answer: Answer, update: AnswerUpdate): Answer {
  const streamed = update.thoughts?.reduce((tree, thought) => applyThought(tree, thought), answer.thoughts);
  const thoughts =
    update.thoughtMessages?.reduce(
      (tree, { id, message }) => withThoughtMessage(tree, id, () => message),
      streamed ?? answer.thoughts,
    ) ?? streamed;
  return {
    ...answer,
    ...update.fields,
    text: update.replaced ? update.text : answer.text + update.text,
    ...(thoughts ? { thoughts } : {}),
    ...(update.arrivals ? { thoughtTimes: withArrivals(answer.thoughtTimes ?? noArrivals, update.arrivals) } : {}),
  };
}
