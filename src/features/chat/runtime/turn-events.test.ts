import { afterEach, describe, expect, it } from 'vitest';
import { streamAssistant } from '@/api/stream/assistant-stream';
import { describeError } from '@/domain/errors/describe-error';
import { ApiError } from '@/domain/errors/api-error';
import { GrowingText } from '@/domain/answer/growing-text';
import { foldChunks } from '@/domain/answer/answer-update';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import ndjsonRecording from '@/domain/stream/fixtures/research-agent.ndjson.txt?raw';
import sseRecording from '@/domain/stream/fixtures/research-agent.sse.txt?raw';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { workerOnChannel } from '@/test/stream-worker-channel';
import { wireThought } from '@/test/wire-thought';
import { newTurn, type Turn } from './turn';
import {
  answerEnded,
  answerFailed,
  answerOpened,
  answerStopped,
  updateApplied,
  type LiveProgress,
} from './turn-events';

/** Chunks folded as the stream reader folds them (foldChunks), then applied to the live turn as the page applies them. */
const streamProgressed = (live: LiveProgress, items: readonly (StreamChunk | null)[], now: number): LiveProgress =>
  updateApplied(live, foldChunks(live.turn.answer, items, now).update);

const sending = newTurn({
  id: 't1',
  parentId: null,
  question: 'q',
  assistantId: 'a1',
  assistantName: 'A',
  mode: 'stream',
  startedAt: 0,
});

const progressed = (turn: Turn, items: readonly (StreamChunk | null)[]) =>
  streamProgressed({ turn, text: GrowingText.of(turn.answer.text) }, items, 0).turn;

describe('a turn while its call runs', () => {
  it('goes from sending to streaming to completed with the last chunk', () => {
    const open = answerOpened(sending, { wire: 'sse', requestId: 'r1' });
    expect(open).toMatchObject({ status: 'streaming', wire: 'sse', requestId: 'r1' });
    const growing = progressed(open, [{ generatedChunk: 'Hel' }, null, { generatedChunk: 'lo' }]);
    expect(growing).toMatchObject({ status: 'streaming', answer: { text: 'Hello', malformedChunks: 1 } });
    const done = answerEnded(progressed(growing, [{ generated: 'Hello!', last: true }]), 5);
    expect(done).toMatchObject({ status: 'completed', endedAt: 5, answer: { text: 'Hello!' } });
  });

  it('is interrupted when the stream ends without its last chunk, and nothing lands on it afterwards', () => {
    const cut = answerEnded(progressed(sending, [{ generatedChunk: 'Half' }]), 3);
    expect(cut).toMatchObject({ status: 'interrupted', answer: { text: 'Half' } });
    expect(progressed(cut, [{ generatedChunk: ' more' }])).toBe(cut);
    expect(answerStopped(cut, 4)).toBe(cut);
  });

  it('keeps what arrived when stopped, and says why when failed', () => {
    expect(answerStopped(progressed(sending, [{ generatedChunk: 'Once' }]), 2)).toMatchObject({
      status: 'stopped',
      answer: { text: 'Once' },
    });
    const error = describeError(new ApiError({ kind: 'network', details: 'refused' }), 'assistant');
    expect(answerFailed(sending, error, 2)).toMatchObject({ status: 'failed', error, endedAt: 2 });
  });

  it('stays sending in JSON mode until the body arrives', () => {
    expect(answerOpened({ ...sending, mode: 'json' }, { wire: 'json' }).status).toBe('sending');
  });
});

describe('the arrival times of a turn’s thoughts', () => {
  it('records when each thought first and last arrived, and when it said it ended', () => {
    const first = streamProgressed(
      { turn: sending, text: GrowingText.of('') },
      [{ thought: wireThought('search', { author_name: 'web_search' }) }],
      1000,
    );
    const second = streamProgressed(
      first,
      [{ thought: wireThought('search', { in_progress: false }) }, { generatedChunk: 'Done' }],
      1800,
    );
    expect(second.turn.answer.thoughtTimes).toEqual({ search: { first: 1000, last: 1800, ended: 1800 } });
    expect(streamProgressed(second, [{ generatedChunk: '.' }], 2500).turn.answer.thoughtTimes).toBe(
      second.turn.answer.thoughtTimes,
    );
  });
});

describe('the live text of a turn', () => {
  const answerThought = (id: string, message: string): StreamChunk => ({
    thought: wireThought(id, { author_name: 'Codemie Thoughts', message }),
  });

  it('grows by what each frame added, from deltas and answer thoughts alike, and continues the previous frame', () => {
    const first = streamProgressed(
      { turn: sending, text: GrowingText.of('') },
      [{ generatedChunk: 'Hel' }, null, { generatedChunk: 'lo' }],
      0,
    );
    const second = streamProgressed(
      first,
      [
        answerThought('a', ', wor'),
        { generatedChunk: 'ld' },
        { thought: wireThought('tool', { author_name: 'Search', message: 'not answer text' }) },
      ],
      0,
    );
    expect(second.turn.answer.text).toBe('Hello, world');
    expect(second.text.toString()).toBe(second.turn.answer.text);
    expect(second.text.continues(first.text)).toBe(true);
    expect(second.text.from(7)).toBe('world');
  });

  it('starts over when the last chunk replaces the text, and ignores what lands on a finished answer', () => {
    const growing = streamProgressed({ turn: sending, text: GrowingText.of('') }, [{ generatedChunk: 'Draft' }], 0);
    const done = streamProgressed(
      growing,
      [{ generated: 'Final answer', last: true }, answerThought('late', ' more')],
      0,
    );
    expect(done.turn.answer.text).toBe('Final answer');
    expect(done.text.toString()).toBe('Final answer');
    expect(done.text.continues(growing.text)).toBe(false);
  });

  it('keeps its pieces when the last chunk brings no text of its own', () => {
    const growing = streamProgressed({ turn: sending, text: GrowingText.of('') }, [{ generatedChunk: 'All' }], 0);
    const done = streamProgressed(growing, [{ generatedChunk: ' of it', last: true }], 0);
    expect(done.text.toString()).toBe('All of it');
    expect(done.text.continues(growing.text)).toBe(true);
  });
});

describe('a turn streamed through the worker', () => {
  const channels: { close(): void }[] = [];
  afterEach(() => channels.splice(0).forEach((channel) => channel.close()));

  /** The recording as a server sends it: in reads of a few hundred bytes, cut anywhere. */
  const reply = (contentType: string, body: string): Reply => ({
    contentType,
    parts: Array.from({ length: Math.ceil(body.length / 700) }, (_, index) =>
      body.slice(index * 700, index * 700 + 700),
    ),
  });

  /** The worker folds, the page applies each update as it arrives. */
  async function viaWorker(contentType: string, body: string): Promise<LiveProgress> {
    const world = workerOnChannel([reply(contentType, body)]);
    channels.push(world);
    let live: LiveProgress = { turn: answerOpened(sending, { wire: 'sse' }), text: GrowingText.of('') };
    await streamAssistant(
      world.client,
      { assistantId: 'a1', request: { text: 'q' }, signal: new AbortController().signal },
      {
        fold: {
          from: () => live.turn.answer,
          onFolded: (batch) => (live = updateApplied(live, batch.update)),
        },
      },
    );
    return live;
  }

  /** The page reads and folds, a frame at a time (where no worker runs). */
  async function onPage(contentType: string, body: string): Promise<LiveProgress> {
    const { client } = clientFor(fakeNetwork([reply(contentType, body)]).fetchImpl);
    let live: LiveProgress = { turn: answerOpened(sending, { wire: 'sse' }), text: GrowingText.of('') };
    let frame: (StreamChunk | null)[] = [];
    await streamAssistant(
      client,
      { assistantId: 'a1', request: { text: 'q' }, signal: new AbortController().signal },
      {
        onChunk: (chunk) => {
          frame.push(chunk);
          if (frame.length < 3) return;
          live = streamProgressed(live, frame, 0);
          frame = [];
        },
        onMalformed: () => frame.push(null),
      },
    );
    return streamProgressed(live, frame, 0);
  }

  const settled = ({ turn, text }: LiveProgress) => {
    const { thoughtTimes, ...answer } = turn.answer;
    return { status: turn.status, answer, text: text.toString(), timed: Object.keys(thoughtTimes ?? {}).sort() };
  };

  it.each([
    ['text/event-stream', sseRecording],
    ['application/x-ndjson', ndjsonRecording],
  ])('gives the same turn as the page’s own fold for the recorded Research Agent stream (%s)', async (type, body) => {
    const worker = await viaWorker(type, body);
    const page = await onPage(type, body);
    expect(settled(worker)).toEqual(settled(page));
    expect(worker.turn.status).toBe('completed');
    expect(worker.text.toString()).toBe(worker.turn.answer.text);
    expect(worker.turn.answer.thoughts.roots.length).toBeGreaterThan(1);
  });
});
