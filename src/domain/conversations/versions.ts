import type { VersionSelection } from './conversation';

/** The part of a turn the version tree needs. */
export interface VersionNode {
  id: string;
  parentId: string | null;
  startedAt: number;
}

/** The selection key of the first turns (they have no parent). */
export const rootKey = '';

const keyOf = (parentId: string | null) => parentId ?? rootKey;

/** Children per parent key, oldest first (ties by id, so the order never depends on storage order). */
export function childrenByParent<T extends VersionNode>(turns: readonly T[]): Map<string, T[]> {
  const children = new Map<string, T[]>();
  for (const turn of turns) {
    const key = keyOf(turn.parentId);
    const list = children.get(key);
    if (list) list.push(turn);
    else children.set(key, [turn]);
  }
  for (const list of children.values())
    list.sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return children;
}

/** The chosen version under one parent: the selected one if it still exists, otherwise the newest. */
function chosen<T extends VersionNode>(versions: readonly T[], selected: string | undefined): T | undefined {
  return versions.find((turn) => turn.id === selected) ?? versions[versions.length - 1];
}

/**
 * Where the path starts in `turns` when they are only a conversation's latest turns: under the parent of the
 * earliest turn whose parent is not among them (the first turns have none).
 */
function startKeyOfPart<T extends VersionNode>(turns: readonly T[]): string {
  const ids = new Set(turns.map((turn) => turn.id));
  let start: T | undefined;
  for (const turn of turns) {
    if (turn.parentId !== null && ids.has(turn.parentId)) continue;
    if (!start || turn.startedAt < start.startedAt) start = turn;
  }
  return keyOf(start?.parentId ?? null);
}

/**
 * The turns shown, first to last: from the root, the chosen version at every level. With `part`, `turns` are
 * only the latest turns of the conversation, and the path starts where they do.
 */
export function visiblePath<T extends VersionNode>(
  turns: readonly T[],
  selection: VersionSelection,
  part = false,
): T[] {
  const children = childrenByParent(turns);
  const path: T[] = [];
  const seen = new Set<string>();
  const start = part ? startKeyOfPart(turns) : rootKey;
  let next = chosen(children.get(start) ?? [], selection[start]);
  // `seen` guards against a cycle in imported or damaged data.
  while (next && !seen.has(next.id)) {
    seen.add(next.id);
    path.push(next);
    next = chosen(children.get(next.id) ?? [], selection[next.id]);
  }
  return path;
}

export interface VersionPosition {
  /** 1-based position among its versions. */
  index: number;
  count: number;
  previous?: string;
  next?: string;
}

/** Where a turn stands among its versions (same parent), for the `< 2/3 >` switcher. */
export function versionPosition<T extends VersionNode>(turns: readonly T[], turn: VersionNode): VersionPosition {
  const versions = turns
    .filter((other) => other.parentId === turn.parentId)
    .sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1));
  const at = versions.findIndex((other) => other.id === turn.id);
  const previous = versions[at - 1]?.id;
  const next = versions[at + 1]?.id;
  return { index: at + 1, count: versions.length, ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

/** Shows `turnId` (a version under `parentId`) from now on. */
export const selectVersion = (
  selection: VersionSelection,
  parentId: string | null,
  turnId: string,
): VersionSelection => ({
  ...selection,
  [keyOf(parentId)]: turnId,
});

/** The turns from the first one to `turnId` included, following parent links (whatever is selected). */
export function pathTo<T extends VersionNode>(turns: readonly T[], turnId: string | null): T[] {
  const byId = new Map(turns.map((turn) => [turn.id, turn]));
  const chain: T[] = [];
  const seen = new Set<T>();
  let current = turnId === null ? undefined : byId.get(turnId);
  // Linear in the length: a 10,000-turn conversation pays this on every question asked.
  while (current && !seen.has(current)) {
    seen.add(current);
    chain.push(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return chain.reverse();
}

/** A version that asks something: edits change the question, regenerations keep it. */
export interface QuestionedNode extends VersionNode {
  question: string;
}

const byStart = <T extends VersionNode>(a: T, b: T) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1);

/**
 * The versions of a question, switched on the question: one per different question asked at this place (the
 * original and each edit), in the order they were first asked. `turn` stands for its own; another question for its
 * newest answer.
 */
export function questionPosition<T extends QuestionedNode>(siblings: readonly T[], turn: T): VersionPosition {
  const questions = new Map<string, T>();
  for (const other of siblings.filter((node) => node.parentId === turn.parentId).sort(byStart)) {
    const standing = questions.get(other.question);
    if (standing?.id !== turn.id) questions.set(other.question, other);
  }
  const versions = [...questions.values()];
  const at = versions.findIndex((other) => other.id === turn.id);
  const previous = versions[at - 1]?.id;
  const next = versions[at + 1]?.id;
  return { index: at + 1, count: versions.length, ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

/** The versions of an answer, switched on the answer: the regenerations of the same question at this place. */
export const answerPosition = <T extends QuestionedNode>(siblings: readonly T[], turn: T): VersionPosition =>
  versionPosition(
    siblings.filter((other) => other.question === turn.question),
    turn,
  );
