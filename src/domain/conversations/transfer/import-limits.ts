// An imported file is read whole, parsed and walked: a limit on its size and on how deep it nests keeps a hand-made
// or damaged file from taking the tab's memory, or from exhausting the stack of a recursive reader (the schema
// check, structured cloning into IndexedDB, JSON.stringify on export), with a message a person can act on.

export const importLimits = {
  bytes: 20 * 1024 * 1024,
  /** Levels of thoughts inside thoughts. */
  thoughtDepth: 200,
  /** Levels of anything else: room for the deepest thoughts (an object and its children list each) and their metadata. */
  nesting: 2 * 200 + 64,
} as const;

const megabytes = (bytes: number) => {
  const value = bytes / (1024 * 1024);
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} MB`;
};

const levels = (count: number) => count.toLocaleString('en-US');

/** Why a file of this many bytes is not read, or null. */
export function importSizeProblem(bytes: number): string | null {
  return bytes > importLimits.bytes
    ? `This file is ${megabytes(bytes)}; imports are limited to ${megabytes(importLimits.bytes)}.`
    : null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const field = (value: unknown, name: string): unknown => (isObject(value) ? value[name] : undefined);
const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** The deepest level of thoughts in the file's turns (1 for a thought with no children), walked without recursion. */
function deepestThought(turns: unknown): number {
  const stack: [unknown, number][] = [];
  for (const turn of listOf(turns)) {
    const thoughts = field(field(turn, 'answer'), 'thoughts');
    for (const root of listOf(field(thoughts, 'roots'))) stack.push([root, 1]);
    const waiting = field(thoughts, 'waiting');
    if (isObject(waiting))
      for (const list of Object.values(waiting)) for (const node of listOf(list)) stack.push([node, 1]);
  }
  let deepest = 0;
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    deepest = Math.max(deepest, depth);
    for (const child of listOf(field(node, 'children'))) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** How many levels of objects and lists a parsed JSON value holds, walked without recursion. */
function nestingOf(value: unknown): number {
  const stack: [unknown, number][] = [[value, 0]];
  let deepest = 0;
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (!isObject(node)) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(node)) if (isObject(child)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Why a parsed export nests too deeply to be read, or null. */
export function importDepthProblem(raw: unknown): string | null {
  const thoughts = deepestThought(field(raw, 'turns'));
  if (thoughts > importLimits.thoughtDepth)
    return `A thought in this file is nested ${levels(thoughts)} levels deep; the limit is ${levels(importLimits.thoughtDepth)}.`;
  const nesting = nestingOf(raw);
  if (nesting > importLimits.nesting)
    return `Something in this file is nested ${levels(nesting)} levels deep; the limit is ${levels(importLimits.nesting)}.`;
  return null;
}
