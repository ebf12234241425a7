import { z } from 'zod';
import type { ThoughtNode, ThoughtTree } from '@/domain/thoughts/thought-tree';
import type { WireThought } from '@/domain/wire';

// A tool call a current server paused for the person's approval (CURRENT-SERVERS.md §1): the stream ends with a
// `last` chunk whose thought is the tool's, `interrupted: true`; the conversation keeps `pending_tool_call` until the
// person allows or denies it through the resume endpoint.

/** What the approval card shows, and which thought of the tree it is. */
export const pausedToolCallSchema = z.object({
  /** The paused tool's thought in the answer's tree (null when only the stored pending call names it). */
  thoughtId: z.string().nullable(),
  /** The tool's display name. */
  toolName: z.string(),
  /** Its arguments as sent (usually JSON). */
  args: z.string(),
  /** The call this card showed before the server's pending call was found to be another one (a stale tab). */
  changedFrom: z.object({ toolName: z.string(), args: z.string() }).optional(),
  /** When a decision on it last could not go through (the card is live again from then). */
  checkedAt: z.number().optional(),
});
export type PausedToolCall = z.output<typeof pausedToolCallSchema>;

/** The pending call a current server keeps on the conversation (`GET /v1/conversations/{id}`). */
export interface StoredPendingCall {
  tool_name?: string | null | undefined;
  display_name?: string | null | undefined;
  tool_args?: unknown;
  history_index?: number | null | undefined;
  /** Every call of the paused batch: allowing the pause runs them all. */
  all_tool_call_ids?: unknown;
}

function findNode(nodes: readonly ThoughtNode[], id: string): ThoughtNode | undefined {
  const stack = [...nodes];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.id === id) return node;
    stack.push(...node.children);
  }
  return undefined;
}

/** The pause a `last` chunk's thought signals, read after the thought was merged into the tree (it may carry little). */
export function pausedBy(thought: WireThought | undefined, tree: ThoughtTree): PausedToolCall | undefined {
  if (thought?.interrupted !== true) return undefined;
  const node = findNode(tree.roots, thought.id);
  return {
    thoughtId: thought.id,
    toolName: node?.authorName || thought.author_name || 'Tool',
    args: node?.inputText || thought.input_text || '',
  };
}

const argsText = (args: unknown): string =>
  typeof args === 'string' ? args : args === undefined || args === null ? '' : JSON.stringify(args);

/**
 * The pause as the server stored it, matched to the stored tree: the thought that is still marked interrupted, else
 * the last tool thought with the paused tool's name (stored thoughts may lose the flag). Its arguments come from the
 * server's record, which keeps them whole.
 */
export function pausedFromStored(pending: StoredPendingCall, tree: ThoughtTree): PausedToolCall {
  const name = pending.display_name || pending.tool_name || 'Tool';
  const all: ThoughtNode[] = [];
  const stack = [...tree.roots];
  for (let node = stack.shift(); node; node = stack.shift()) {
    all.push(node);
    stack.push(...node.children);
  }
  const match =
    all.findLast((node) => node.interrupted) ??
    all.findLast((node) => node.authorName === pending.display_name || node.authorName === pending.tool_name);
  return { thoughtId: match?.id ?? null, toolName: name, args: argsText(pending.tool_args) };
}

/** The person's decision on a paused call, as its thought keeps it. */
export type ToolDecision = NonNullable<ThoughtNode['decision']>;

/**
 * The tree as the resumed call continues it: the paused thought is running again, its waiting note cleared, and the
 * person's decision kept on it.
 */
export function resumedTree(tree: ThoughtTree, thoughtId: string | null, decision?: ToolDecision): ThoughtTree {
  if (thoughtId === null) return tree;
  const reset = (nodes: readonly ThoughtNode[]): ThoughtNode[] =>
    nodes.map((node) =>
      node.id === thoughtId
        ? { ...node, interrupted: false, inProgress: true, message: '', ...(decision ? { decision } : {}) }
        : node.children.length
          ? { ...node, children: reset(node.children) }
          : node,
    );
  return { ...tree, roots: reset(tree.roots) };
}

/** Arguments compared as data where they are JSON (key order and spacing aside), else as trimmed text. */
function sameArgs(a: string, b: string): boolean {
  const canonical = (text: string): string => {
    try {
      return JSON.stringify(sortedKeys(JSON.parse(text)));
    } catch {
      return text.trim();
    }
  };
  return canonical(a) === canonical(b);
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * Whether the call the server holds paused is the one a card shows: same tool, same arguments. A decision goes only
 * to the call the person saw (the resume body names no call: a stale tab would otherwise decide a newer one).
 */
export function isShownCall(shown: PausedToolCall, pending: StoredPendingCall): boolean {
  const names = [pending.display_name, pending.tool_name].filter((name): name is string => Boolean(name));
  const sameTool = names.length === 0 || names.includes(shown.toolName);
  return sameTool && sameArgs(shown.args, argsText(pending.tool_args));
}
