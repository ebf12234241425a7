import type { ThoughtNode, ThoughtTree } from '@/domain/thoughts/thought-tree';

/** What find reads of a turn: its question, its answer's text and its thought tree. */
export interface FindableTurn {
  readonly id: string;
  readonly question: string;
  readonly answer: { readonly text: string; readonly thoughts: ThoughtTree };
}

/** Where a text sits in a turn: the question, the answer, or a part of one thought node. */
export type FindPlace =
  | { readonly kind: 'question' }
  | { readonly kind: 'answer' }
  | {
      readonly kind: 'thought';
      readonly nodeId: string;
      readonly part: 'name' | 'input' | 'output';
      /** The nodes above it, nearest first: they open so it can be seen. */
      readonly ancestorIds: readonly string[];
    };

/** The nodes above a thought, as links to the parent's own: one per node with children, shared by them all. */
interface Above {
  readonly id: string;
  readonly up: Above | null;
}

type Part = 'question' | 'answer' | 'name' | 'input' | 'output';

// One text of the conversation. Kept small and flat (no place object, no ancestor list): a long conversation has
// hundreds of thousands; a match's place is made when it is found.
interface Field {
  readonly turnIndex: number;
  readonly turnId: string;
  readonly part: Part;
  readonly nodeId: string;
  readonly above: Above | null;
  readonly text: string;
}

/**
 * A conversation's texts in reading order, flattened out of its turns and trees once per version of the conversation
 * and searched per keystroke. The texts are the turns' own strings (no lower-cased copies: tool outputs can be
 * megabytes); the search ignores case as it reads.
 */
export interface FindIndex {
  readonly fields: readonly Field[];
}

export interface FindMatch {
  readonly turnIndex: number;
  readonly turnId: string;
  readonly place: FindPlace;
  /** Which occurrence in its text (0 for the first): the view marks the same one in what it shows. */
  readonly occurrence: number;
}

export interface FindResult {
  readonly matches: readonly FindMatch[];
  /** More matches than `limit`: the count says "at least". */
  readonly capped: boolean;
}

/** Past this many matches find stops counting: a one-letter query in a long conversation says "10,000+". */
export const findLimit = 10_000;

// Thoughts in the order a reader meets them: depth first, parents before children (iterative: trees can be deep).
function thoughtFields(turnIndex: number, turnId: string, tree: ThoughtTree, out: Field[]): void {
  const waiting = Object.values(tree.waiting);
  const roots = waiting.length ? [...tree.roots, ...waiting.flat()] : tree.roots;
  const stack: { node: ThoughtNode; above: Above | null }[] = [];
  for (let index = roots.length - 1; index >= 0; index -= 1)
    stack.push({ node: roots[index] as ThoughtNode, above: null });
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, above } = item;
    const name = node.authorName || node.authorType;
    if (name) out.push({ turnIndex, turnId, part: 'name', nodeId: node.id, above, text: name });
    if (node.inputText) out.push({ turnIndex, turnId, part: 'input', nodeId: node.id, above, text: node.inputText });
    if (node.message) out.push({ turnIndex, turnId, part: 'output', nodeId: node.id, above, text: node.message });
    if (!node.children.length) continue;
    const below: Above = { id: node.id, up: above };
    for (let index = node.children.length - 1; index >= 0; index -= 1)
      stack.push({ node: node.children[index] as ThoughtNode, above: below });
  }
}

/** The index of the turns as they read on screen: question, thought tree, answer, turn after turn. */
export function buildFindIndex(turns: readonly FindableTurn[]): FindIndex {
  const fields: Field[] = [];
  turns.forEach((turn, turnIndex) => {
    if (turn.question)
      fields.push({ turnIndex, turnId: turn.id, part: 'question', nodeId: '', above: null, text: turn.question });
    thoughtFields(turnIndex, turn.id, turn.answer.thoughts, fields);
    if (turn.answer.text)
      fields.push({ turnIndex, turnId: turn.id, part: 'answer', nodeId: '', above: null, text: turn.answer.text });
  });
  return { fields };
}

function placeOf(field: Field): FindPlace {
  if (field.part === 'question' || field.part === 'answer') return { kind: field.part };
  const ancestorIds: string[] = [];
  for (let at = field.above; at; at = at.up) ancestorIds.push(at.id);
  return { kind: 'thought', nodeId: field.nodeId, part: field.part, ancestorIds };
}

/** The query as a case-insensitive literal pattern: what find looks for, here and in the page that shows a match. */
export const findPattern = (query: string, flags: '' | 'g'): RegExp =>
  new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), `i${flags}`);

/** Every place the query occurs, case-insensitively, in reading order. An empty (or blank) query finds nothing. */
export function findInConversation(index: FindIndex, query: string, limit = findLimit): FindResult {
  const matches: FindMatch[] = [];
  if (query.trim() === '') return { matches, capped: false };
  const any = findPattern(query, '');
  const every = findPattern(query, 'g');
  for (const field of index.fields) {
    // Most texts hold no match: one quick test each, the count only where there is one.
    if (!any.test(field.text)) continue;
    every.lastIndex = 0;
    for (let occurrence = 0; every.exec(field.text); occurrence += 1) {
      if (matches.length === limit) return { matches, capped: true };
      matches.push({ turnIndex: field.turnIndex, turnId: field.turnId, place: placeOf(field), occurrence });
    }
  }
  return { matches, capped: false };
}

/** The match to go to from `current` by `step` (+1 next, -1 previous), wrapping at both ends. */
export const stepMatch = (current: number, step: 1 | -1, count: number): number =>
  count === 0 ? -1 : (((current + step) % count) + count) % count;

/**
 * The match to show when the matches change (the query grew, the conversation changed): the first at or after the
 * one shown before, so typing more letters does not jump back to the top; else the first.
 */
export function nearestMatch(matches: readonly FindMatch[], before: FindMatch | undefined): number {
  if (matches.length === 0) return -1;
  if (!before) return 0;
  const index = matches.findIndex((match) => match.turnIndex >= before.turnIndex);
  return index < 0 ? 0 : index;
}
