import { useEffect, useState } from 'react';
import type { ThoughtNode } from '@/domain/thoughts/thought-tree';
import { servicesContext } from '@/lib/services-context';

const remembered = 500;

/** When each running tool call was first seen, by turn and node (the last 500). */
export interface ToolWaitStarts {
  /** When the call under this key was first seen; `now` if this is the first time. */
  startOf(key: string, now: number): number;
}

const toolWait = servicesContext<ToolWaitStarts>('the tool calls being waited for');
export const ToolWaitProvider = toolWait.Provider;

// Real servers send nothing while a tool runs (no heartbeat, up to ~300 s): a counter on the running tool tells
// a long silence from a hang. Keyed by turn and node, so a row scrolled away and back keeps counting from the start.
export function createToolWaitStarts(): ToolWaitStarts {
  const firstSeen = new Map<string, number>();
  return {
    startOf(key, now) {
      const known = firstSeen.get(key);
      if (known !== undefined) return known;
      firstSeen.set(key, now);
      if (firstSeen.size > remembered) firstSeen.delete(firstSeen.keys().next().value ?? key);
      return now;
    },
  };
}

/** A tool call (not the LLM's streamed text, which is also authored as a tool): arguments or tool metadata. */
export const isToolCall = (node: ThoughtNode): boolean =>
  node.authorType.toLowerCase() === 'tool' &&
  (node.metadata.replay_type === 'tool' || typeof node.metadata.tool_name === 'string' || node.inputText !== '');

/** "waiting for the tool… N s", from a few seconds into the call; ticks once a second, re-rendering only itself. */
export function ToolWait({ waitKey }: { waitKey: string }) {
  const starts = toolWait.use();
  const [since] = useState(() => starts.startOf(waitKey, Date.now()));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor((now - since) / 1000);
  if (seconds < 3) return null;
  return <span className="muted small tool-wait">waiting for the tool… {seconds} s</span>;
}
