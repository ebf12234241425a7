import { applyChunk, countMalformed, emptyAnswer, endAnswer, type Answer } from '@/domain/answer/answer';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { growthOf, maskAssembled } from '@/domain/answer/assembled-secrets';
import type { SecretMatcher } from '@/domain/headers/secret-forms';
import { canonicalStatus } from './execution-status';

// A streamed workflow run as the chunks tell it: which execution, its states as their events arrive, and the
// text and thought tree (folded by the same reducer as an assistant's answer). Pure, like applyChunk.

/** One state as the stream's `workflow_state` events describe it. */
export interface LiveState {
  /** The state's id when the server sent one (it matches the follow-up's state ids), else its name. */
  key: string;
  id?: string;
  name: string;
  status: string;
  task?: string;
  startedAt?: string;
  completedAt?: string;
  output?: string;
}

/** How the stream ended: with its `last` chunk, cut short, or stopped by this console. */
export type LiveEnd = 'completed' | 'interrupted' | 'stopped';

export interface LiveRun {
  executionId?: string;
  /** In the order they first appeared. */
  states: readonly LiveState[];
  answer: Answer;
  end?: LiveEnd;
}

export const emptyLiveRun: LiveRun = { states: [], answer: emptyAnswer };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Reads a `workflow_state` value defensively: real servers send `{id, name, task, status, event_type,
 * started_at, completed_at, output}`; a bare string is taken as the name of a state that is running.
 */
export function toLiveState(value: unknown): LiveState | undefined {
  if (typeof value === 'string')
    return value.trim() ? { key: `name:${value}`, name: value, status: 'In Progress' } : undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const id = text(raw.id);
  const name = text(raw.name) ?? id;
  if (!name) return undefined;
  const finishing = raw.event_type === 'state_finish';
  const output = raw.output;
  const state: LiveState = {
    key: id ?? `name:${name}`,
    name,
    status: text(raw.status) ?? (finishing ? 'Succeeded' : 'In Progress'),
  };
  if (id) state.id = id;
  const task = text(raw.task);
  if (task) state.task = task;
  const startedAt = text(raw.started_at);
  if (startedAt) state.startedAt = startedAt;
  const completedAt = text(raw.completed_at);
  if (completedAt) state.completedAt = completedAt;
  if (typeof output === 'string') state.output = output;
  else if (output !== undefined && output !== null) state.output = JSON.stringify(output, null, 2);
  return state;
}

/** A later event for a known state updates it; what it leaves out is kept. */
function withState(states: readonly LiveState[], state: LiveState): readonly LiveState[] {
  const index = states.findIndex((known) => known.key === state.key);
  if (index === -1) return [...states, state];
  return states.map((known, at) => (at === index ? { ...known, ...state } : known));
}

/**
 * A run paused for a person ends its stream with `state_interrupted`, whose `id` is the state that led there
 * (real servers mark it Interrupted) while `name` is the state waiting to run: both show, neither renamed.
 */
function interrupted(states: readonly LiveState[], raw: Record<string, unknown>): readonly LiveState[] {
  const id = text(raw.id);
  const name = text(raw.name);
  let next = id ? states.map((known) => (known.key === id ? { ...known, status: 'Interrupted' } : known)) : states;
  if (name) {
    const task = text(raw.task);
    next = withState(next, { key: `paused:${name}`, name, status: 'Interrupted', ...(task ? { task } : {}) });
  }
  return next;
}

const isInterruptEvent = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (value as Record<string, unknown>).event_type === 'state_interrupted';

/** Folds one chunk (or, as null, a piece that could not be read) into the run. Never changes its input. */
export function applyRunChunk(live: LiveRun, chunk: StreamChunk | null): LiveRun {
  if (!chunk) return { ...live, answer: countMalformed(live.answer) };
  const next: LiveRun = { ...live, answer: applyChunk(live.answer, chunk) };
  if (chunk.workflowExecutionId && !live.executionId) next.executionId = chunk.workflowExecutionId;
  if (isInterruptEvent(chunk.workflowState)) {
    next.states = interrupted(live.states, chunk.workflowState);
    return next;
  }
  const state = chunk.workflowState === undefined ? undefined : toLiveState(chunk.workflowState);
  if (state) next.states = withState(live.states, state);
  return next;
}

/**
 * Folds a batch of chunks into the run, with the secret values its pieces only assemble (a key streamed token by
 * token, in the text or a thought) masked, as an assistant's answer is.
 */
export function applyRunChunks(live: LiveRun, items: readonly (StreamChunk | null)[], matcher: SecretMatcher): LiveRun {
  const next = items.reduce(applyRunChunk, live);
  const { answer } = maskAssembled(next.answer, growthOf(live.answer, next.answer, items), matcher);
  return answer === next.answer ? next : { ...next, answer };
}

/** The stream is over (closed by the server, broken, or aborted here): settles the thought tree. */
export function endLiveRun(live: LiveRun, how: 'closed' | 'broken' | 'aborted'): LiveRun {
  if (live.end) return live;
  const end: LiveEnd = live.answer.complete ? 'completed' : how === 'aborted' ? 'stopped' : 'interrupted';
  return { ...live, end, answer: endAnswer(live.answer, end) };
}

/**
 * The overall status the stream itself implies, for servers whose follow-up endpoints are missing: only a
 * completed stream implies one. A failed or aborted state, or an error the server reported, outweighs success.
 */
export function streamedStatus(live: LiveRun): 'Succeeded' | 'Failed' | 'Aborted' | 'Interrupted' | null {
  if (!live.answer.complete) return null;
  const statuses = live.states.map((state) => canonicalStatus(state.status));
  if (statuses.includes('Interrupted')) return 'Interrupted';
  if (statuses.includes('Failed') || live.answer.success === false || live.answer.executionError) return 'Failed';
  if (statuses.includes('Aborted')) return 'Aborted';
  return 'Succeeded';
}
