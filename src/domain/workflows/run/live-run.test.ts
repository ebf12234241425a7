import { describe, expect, it } from 'vitest';
import { toStreamChunk, type StreamChunk } from '@/domain/stream/stream-chunk';
import { thoughtStatus } from '@/domain/thoughts/thought-tree';
import { emptyWireChunk, type WireChunk, type WireThought } from '@/domain/wire';
import { secretMatcher } from '@/domain/headers/secret-forms';
import {
  applyRunChunk,
  applyRunChunks,
  emptyLiveRun,
  endLiveRun,
  streamedStatus,
  toLiveState,
  type LiveRun,
} from './live-run';

// Chunks shaped as real servers stream a workflow: every key present, the execution id on each chunk.
const execution = 'e0000000-0000-4000-8000-000000000001';
const wire = (fields: Partial<WireChunk>): StreamChunk =>
  toStreamChunk({ ...emptyWireChunk, workflow_execution_id: execution, ...fields }) as StreamChunk;
const stateEvent = (
  id: string,
  name: string,
  type: 'state_start' | 'state_finish',
  status: string,
  extra: Record<string, unknown> = {},
) =>
  wire({
    workflow_state: {
      id,
      name,
      task: 'the input',
      status,
      event_type: type,
      started_at: '2026-11-23T08:00:00Z',
      completed_at: null,
      ...extra,
    },
  });
const stateThought = (id: string, name: string, fields: Partial<WireThought> = {}) =>
  wire({
    thought: {
      id,
      parent_id: null,
      metadata: {},
      in_progress: true,
      input_text: '',
      message: '',
      author_type: 'WorkflowState',
      author_name: name,
      output_format: 'text',
      children: [],
      ...fields,
    },
  });

const replay = (chunks: (StreamChunk | null)[], from: LiveRun = emptyLiveRun) => chunks.reduce(applyRunChunk, from);

const summarizeRun = [
  stateEvent('s1', 'Read input', 'state_start', 'In Progress'),
  stateThought('t1', 'Read input'),
  stateThought('t1', 'Read input', { in_progress: false, message: 'Read 36 characters.' }),
  stateEvent('s1', 'Read input', 'state_finish', 'Succeeded', {
    completed_at: '2026-11-23T08:00:01Z',
    output: 'Read 36 characters.',
    task: null,
  }),
  stateEvent('s2', 'Write summary', 'state_start', 'In Progress'),
  stateThought('t2', 'Write summary'),
];

describe('toLiveState', () => {
  it('reads a real server’s state event', () => {
    expect(
      toLiveState({
        id: 's1',
        name: 'Read input',
        task: 'x',
        status: 'In Progress',
        event_type: 'state_start',
        started_at: 'T0',
        completed_at: null,
      }),
    ).toEqual({
      key: 's1',
      id: 's1',
      name: 'Read input',
      task: 'x',
      status: 'In Progress',
      startedAt: 'T0',
    });
  });

  it('shows a structured output as JSON text, and takes a finish event without status as succeeded', () => {
    expect(toLiveState({ name: 'Echo', event_type: 'state_finish', output: { tags: ['a'] } })).toMatchObject({
      key: 'name:Echo',
      status: 'Succeeded',
      output: '{\n  "tags": [\n    "a"\n  ]\n}',
    });
  });

  it('takes a bare string as the name of a running state, and refuses what names no state', () => {
    expect(toLiveState('Extract key points')).toEqual({
      key: 'name:Extract key points',
      name: 'Extract key points',
      status: 'In Progress',
    });
    for (const value of ['', 7, [], null, { status: 'In Progress' }]) expect(toLiveState(value)).toBeUndefined();
  });
});

describe('applyRunChunk', () => {
  it('learns the execution id from the first chunk that names it, and keeps it', () => {
    const live = replay([wire({ workflow_execution_id: null }), wire({}), wire({ workflow_execution_id: 'another' })]);
    expect(live.executionId).toBe(execution);
  });

  it('merges a state’s finish event into its start, keeping what the finish leaves out, in first-seen order', () => {
    const live = replay(summarizeRun);
    expect(live.states.map((state) => [state.name, state.status])).toEqual([
      ['Read input', 'Succeeded'],
      ['Write summary', 'In Progress'],
    ]);
    expect(live.states[0]).toMatchObject({
      task: 'the input',
      startedAt: '2026-11-23T08:00:00Z',
      completedAt: '2026-11-23T08:00:01Z',
      output: 'Read 36 characters.',
    });
  });

  it('grows the thought tree and the text with the same reducer as an answer', () => {
    const live = replay([...summarizeRun, wire({ generated_chunk: '## Sum' }), wire({ generated_chunk: 'mary' })]);
    expect(live.answer.text).toBe('## Summary');
    expect(
      live.answer.thoughts.roots.map((node) => [node.authorName, node.authorType, thoughtStatus(node), node.message]),
    ).toEqual([
      ['Read input', 'WorkflowState', 'completed', 'Read 36 characters.'],
      ['Write summary', 'WorkflowState', 'running', ''],
    ]);
  });

  it('counts unreadable pieces, and never changes the run it is given', () => {
    const before = replay(summarizeRun);
    const frozen = JSON.stringify(before);
    const after = replay([null, stateEvent('s2', 'Write summary', 'state_finish', 'Succeeded'), null], before);
    expect(after.answer.malformedChunks).toBe(2);
    expect(JSON.stringify(before)).toBe(frozen);
  });
});

describe('ending a live run', () => {
  it('is completed after the last chunk, whose text replaces the deltas', () => {
    const live = endLiveRun(
      replay([
        ...summarizeRun,
        wire({ generated_chunk: 'partial' }),
        wire({ last: true, generated: 'The whole summary.' }),
      ]),
      'closed',
    );
    expect(live.end).toBe('completed');
    expect(live.answer.text).toBe('The whole summary.');
  });

  it('is interrupted when the stream closes or breaks without last; running thoughts stop running', () => {
    for (const how of ['closed', 'broken'] as const) {
      const live = endLiveRun(replay(summarizeRun), how);
      expect(live.end).toBe('interrupted');
      expect(live.answer.thoughts.roots.map(thoughtStatus)).toEqual(['completed', 'interrupted']);
    }
  });

  it('is stopped when this console aborted it, and a second end changes nothing', () => {
    const stopped = endLiveRun(replay(summarizeRun), 'aborted');
    expect(stopped.end).toBe('stopped');
    expect(endLiveRun(stopped, 'closed')).toBe(stopped);
  });
});

describe('a run paused for a person', () => {
  // As real servers end the stream: the id is the state that led to the pause, the name the state waiting.
  const pause = wire({
    last: true,
    generated: 'Draft text',
    workflow_state: {
      id: 's1',
      name: 'Publish',
      task: 'Publish the draft',
      status: 'Interrupted',
      event_type: 'state_interrupted',
      started_at: null,
      completed_at: null,
    },
  });

  it('marks the state that led there Interrupted without renaming it, and shows the state that waits', () => {
    const live = replay([
      stateEvent('s1', 'Draft', 'state_start', 'In Progress'),
      stateEvent('s1', 'Draft', 'state_finish', 'Succeeded'),
      pause,
    ]);
    expect(live.states.map((state) => [state.name, state.status])).toEqual([
      ['Draft', 'Interrupted'],
      ['Publish', 'Interrupted'],
    ]);
    expect(streamedStatus(live)).toBe('Interrupted');
  });
});

describe('streamedStatus', () => {
  const last = wire({ last: true, generated: 'done' });
  it('implies nothing until the stream completed', () => {
    expect(streamedStatus(replay(summarizeRun))).toBeNull();
  });

  it('is Succeeded, Failed or Aborted by what the states and the server said', () => {
    expect(
      streamedStatus(replay([...summarizeRun, stateEvent('s2', 'Write summary', 'state_finish', 'Succeeded'), last])),
    ).toBe('Succeeded');
    expect(
      streamedStatus(replay([...summarizeRun, stateEvent('s2', 'Write summary', 'state_finish', 'FAILED'), last])),
    ).toBe('Failed');
    expect(
      streamedStatus(replay([...summarizeRun, stateEvent('s2', 'Write summary', 'state_finish', 'Aborted'), last])),
    ).toBe('Aborted');
    expect(
      streamedStatus(replay([...summarizeRun, wire({ last: true, generated: 'oops', execution_error: 'stacktrace' })])),
    ).toBe('Failed');
  });
});

describe('applyRunChunks', () => {
  it('masks a secret value the run’s streamed pieces only assemble, in its text and its thoughts', () => {
    const matcher = secretMatcher(['tt_live/4242abcd']);
    let run = applyRunChunks(
      emptyLiveRun,
      [wire({ generated_chunk: 'Token tt_li' }), stateThought('t1', 'Read input', { message: 'Saw tt_live' })],
      matcher,
    );
    expect(run.answer.text).toBe('Token tt_li');
    run = applyRunChunks(
      run,
      [
        wire({ generated_chunk: 've/4242abcd here.' }),
        stateThought('t1', 'Read input', { message: '%2F4242abcd.' }),
        stateEvent('s1', 'Read input', 'state_start', 'In Progress'),
      ],
      matcher,
    );
    expect(run.answer.text).toBe('Token •••••• here.');
    expect(run.answer.thoughts.roots[0]?.message).toBe('Saw ••••••.');
    expect(run.states.map((state) => state.name)).toEqual(['Read input']);
    const plain = applyRunChunks(run, [wire({ generated_chunk: ' Done.' })], matcher);
    expect(plain.answer.text).toBe('Token •••••• here. Done.');
    expect(plain.answer.thoughts).toBe(run.answer.thoughts);
  });
});
