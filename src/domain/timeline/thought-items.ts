import { serverTimeMs } from '@/domain/time/server-time';
import { thoughtStatus, type ThoughtNode, type ThoughtTree } from '@/domain/thoughts/thought-tree';
import { arrivalOf, type Arrival, type ArrivalTimes } from './arrival-times';
import type { TimedItem } from './timeline-layout';

/** A running tool that has sent nothing for this long reads as silent (real servers send nothing while tools run). */
export const silentAfterMs = 3000;

/** A tool call, not the model's own text (also authored as a tool): it has arguments or tool metadata. */
const isToolCall = (node: ThoughtNode): boolean =>
  node.authorType.toLowerCase() === 'tool' &&
  (node.metadata.replay_type === 'tool' || typeof node.metadata.tool_name === 'string' || node.inputText !== '');

const durationMs = (node: ThoughtNode): number | undefined => {
  const { duration_ms: ms, duration } = node.metadata;
  if (typeof ms === 'number' && ms >= 0) return ms;
  return typeof duration === 'number' && duration >= 0 ? duration * 1000 : undefined;
};

const serverTime = (value: unknown): number | undefined =>
  typeof value === 'string' || typeof value === 'number' ? serverTimeMs(value) : undefined;

/**
 * A node's times: the server's own start and end when it sent them, else when its chunks arrived. A finished node
 * lasts the duration the server gave where it gave one (the tree shows the same), else until its end arrived. A node
 * never starts before the one it is nested under (a child's first chunk may come in its parent's).
 */
function timesOf(node: ThoughtNode, arrival: Arrival | undefined, open: boolean, parentStart: number | undefined) {
  const own = serverTime(node.metadata.started_at) ?? arrival?.first;
  if (own === undefined) return {};
  const start = parentStart === undefined ? own : Math.max(own, parentStart);
  if (open) return { start };
  const took = durationMs(node);
  const end =
    serverTime(node.metadata.completed_at) ??
    (took === undefined ? undefined : start + took) ??
    arrival?.ended ??
    arrival?.last ??
    start;
  return { start, end: Math.max(start, end) };
}

/** Every node of the tree, in reading order with its depth, timed for the timeline. A stack: trees can be deep. */
export function thoughtItems(tree: ThoughtTree, arrivals: ArrivalTimes, now: number): TimedItem[] {
  const items: TimedItem[] = [];
  const tops = [...tree.roots, ...Object.values(tree.waiting).flat()];
  const stack: { node: ThoughtNode; depth: number; parentId: string | null; parentStart?: number }[] = tops
    .map((node) => ({ node, depth: 0, parentId: null }))
    .reverse();
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node, depth, parentId, parentStart } = entry;
    const status = thoughtStatus(node);
    const running = status === 'running';
    const tool = isToolCall(node);
    const arrival = arrivalOf(arrivals, node.id);
    const times = timesOf(node, arrival, running || status === 'waiting', parentStart);
    items.push({
      id: node.id,
      parentId,
      depth,
      label: node.authorName || node.authorType,
      kind: tool ? 'tool call' : node.authorType.toLowerCase() || 'step',
      ...times,
      running,
      waiting: status === 'waiting',
      silent: running && tool && arrival !== undefined && now - arrival.last >= silentAfterMs,
      failed: status === 'error',
      leaf: node.children.length === 0,
      ...(node.decision
        ? {
            decision: {
              action: node.decision.action,
              waitEnd: node.decision.at,
              ...(node.decision.waitedFrom !== undefined ? { waitStart: node.decision.waitedFrom } : {}),
            },
          }
        : {}),
    });
    for (let index = node.children.length - 1; index >= 0; index -= 1)
      stack.push({
        node: node.children[index] as ThoughtNode,
        depth: depth + 1,
        parentId: node.id,
        ...(times.start !== undefined ? { parentStart: times.start } : {}),
      });
  }
  return items;
}

/**
 * Whether any node of the tree has a time: an arrival seen here, or a start the server sent. A tree with none (a
 * stored workflow state's, a turn read back from a server) has nothing to draw on a time axis.
 */
export function hasThoughtTimes(tree: ThoughtTree, arrivals: ArrivalTimes): boolean {
  const stack = [...tree.roots, ...Object.values(tree.waiting).flat()];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (arrivalOf(arrivals, node.id) !== undefined || serverTime(node.metadata.started_at) !== undefined) return true;
    stack.push(...node.children);
  }
  return false;
}
