import { diffText, type LineDiff } from '@/domain/diff/text-diff';
import { decodeFileUrl } from '@/domain/files/file-url';

// Two runs side by side: their states aligned by the workflow's state key (repeated states by their occurrence),
// each pair with what differs. Pure, so the compare page only draws it.

export interface CompareState {
  /** The workflow's own key for the state (state_id on real servers), or its name where that is all there is. */
  key: string;
  name: string;
  status: string;
  /** Milliseconds, when both ends are known. */
  durationMs?: number;
  tokens?: number;
  output?: string;
}

export interface CompareSide {
  runId: string;
  workflowId: string;
  workflowName: string;
  input: string;
  tags: readonly string[];
  sessionId?: string;
  fileNames: readonly string[];
  headers: readonly { name: string; value: string }[];
  status: string;
  durationMs?: number;
  tokens?: number;
  states: readonly CompareState[];
  finalOutput?: string;
}

export interface StatePair {
  key: string;
  name: string;
  left?: CompareState;
  right?: CompareState;
  statusDiffers: boolean;
  /** Right minus left, when both are known. */
  durationDeltaMs?: number;
  output: LineDiff;
  /** Same status and same output: collapsed by default. */
  identical: boolean;
}

export interface FactDifference {
  field: 'input' | 'tags' | 'session' | 'files' | 'headers' | 'status' | 'workflow';
  left: string;
  right: string;
  same: boolean;
}

export interface RunComparison {
  sameWorkflow: boolean;
  facts: FactDifference[];
  /** Aligned states; empty when the runs are of different workflows (only inputs and final outputs compare then). */
  states: StatePair[];
  finalOutput: LineDiff;
  differingStates: number;
}

const occurrenceKeys = (states: readonly CompareState[]) => {
  const seen = new Map<string, number>();
  return states.map((state) => {
    const count = seen.get(state.key) ?? 0;
    seen.set(state.key, count + 1);
    return `${state.key}#${count}`;
  });
};

/** Aligns states keeping the left run's order, slotting right-only states after the state they follow. */
export function alignStates(left: readonly CompareState[], right: readonly CompareState[]): StatePair[] {
  const leftKeys = occurrenceKeys(left);
  const rightKeys = occurrenceKeys(right);
  const rightByKey = new Map(rightKeys.map((key, index) => [key, right[index] as CompareState]));
  const leftKeySet = new Set(leftKeys);
  const order: string[] = [...leftKeys];
  rightKeys.forEach((key, index) => {
    if (leftKeySet.has(key)) return;
    const before = rightKeys
      .slice(0, index)
      .reverse()
      .find((candidate) => order.includes(candidate));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, key);
  });
  const leftByKey = new Map(leftKeys.map((key, index) => [key, left[index] as CompareState]));
  return order.map((key) => pair(leftByKey.get(key), rightByKey.get(key)));
}

function pair(left: CompareState | undefined, right: CompareState | undefined): StatePair {
  const either = (left ?? right) as CompareState;
  const output = diffText(left?.output ?? '', right?.output ?? '');
  const statusDiffers = left?.status !== right?.status;
  return {
    key: either.key,
    name: either.name,
    ...(left ? { left } : {}),
    ...(right ? { right } : {}),
    statusDiffers,
    ...(left?.durationMs !== undefined && right?.durationMs !== undefined
      ? { durationDeltaMs: right.durationMs - left.durationMs }
      : {}),
    output,
    identical: Boolean(left && right) && !statusDiffers && output.identical,
  };
}

const list = (values: readonly string[]) => values.join(', ');
/** A file as people know it: its name, read from a real server's file URL (the URL itself when it is not one). */
const fileList = (urls: readonly string[]) => list(urls.map((url) => decodeFileUrl(url)?.name ?? url));
const fact = (field: FactDifference['field'], left: string, right: string): FactDifference => ({
  field,
  left,
  right,
  same: left === right,
});
const headerText = (headers: CompareSide['headers']) =>
  list(headers.map((header) => `${header.name}: ${header.value}`));

export function compareRuns(left: CompareSide, right: CompareSide): RunComparison {
  const sameWorkflow = left.workflowId === right.workflowId;
  const states = sameWorkflow ? alignStates(left.states, right.states) : [];
  return {
    sameWorkflow,
    facts: [
      fact('workflow', left.workflowName, right.workflowName),
      fact('input', left.input, right.input),
      fact('tags', list(left.tags), list(right.tags)),
      fact('session', left.sessionId ?? '', right.sessionId ?? ''),
      fact('files', fileList(left.fileNames), fileList(right.fileNames)),
      fact('headers', headerText(left.headers), headerText(right.headers)),
      fact('status', left.status, right.status),
    ],
    states,
    finalOutput: diffText(left.finalOutput ?? '', right.finalOutput ?? ''),
    differingStates: states.filter((state) => !state.identical).length,
  };
}

/** How two compared runs are related: one was forked from the other ("Run again with changes"), or neither. */
export type Kinship = { parent: 'A' | 'B'; fork: 'A' | 'B' } | null;

interface RunLink {
  id: string;
  parentRunId?: string | undefined;
}

/** Which of A and B is the other's parent, if either is: a fork names its parent run. */
export function kinshipOf(a: RunLink, b: RunLink): Kinship {
  if (b.parentRunId !== undefined && b.parentRunId === a.id) return { parent: 'A', fork: 'B' };
  if (a.parentRunId !== undefined && a.parentRunId === b.id) return { parent: 'B', fork: 'A' };
  return null;
}
