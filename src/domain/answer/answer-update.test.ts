import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreDeployedBraces, toStreamChunk, type StreamChunk } from '@/domain/stream/stream-chunk';
import { createJsonObjectSplitter } from '@/domain/stream/json-object-splitter';
import ndjsonRecording from '@/domain/stream/fixtures/research-agent.ndjson.txt?raw';
import sseRecording from '@/domain/stream/fixtures/research-agent.sse.txt?raw';
import type { WireThought } from '@/domain/wire';
import { wireThought } from '@/test/wire-thought';
import { answerLimits, applyChunk, emptyAnswer, tooManyEnvelopes, type Answer } from './answer';
import { applyAnswerUpdate, foldChunks, type AnswerUpdate } from './answer-update';

const sseChunks = (): (StreamChunk | null)[] =>
  sseRecording
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => toStreamChunk(JSON.parse(event.slice('data: '.length))) ?? null);

const ndjsonChunks = (): (StreamChunk | null)[] =>
  createJsonObjectSplitter()
    .push(ndjsonRecording)
    .objects.map((text) => toStreamChunk(JSON.parse(text, restoreDeployedBraces)) ?? null);

/** The chunks cut into batches at `cuts` (sorted offsets), as a reader hands them over frame by frame. */
function batches<T>(items: readonly T[], cuts: readonly number[]): T[][] {
  const ends = [...new Set(cuts.map((cut) => cut % (items.length + 1)))].sort((a, b) => a - b);
  const out: T[][] = [];
  let start = 0;
  for (const end of [...ends, items.length]) {
    if (end > start) out.push(items.slice(start, end));
    start = Math.max(start, end);
  }
  return out;
}

/** The worker folds each batch; the page applies each update to its own copy: both must hold the same answer. */
function replay(items: readonly (StreamChunk | null)[], cuts: readonly number[], from: Answer = emptyAnswer) {
  let worker = from;
  let page = from;
  const updates: AnswerUpdate[] = [];
  batches(items, cuts).forEach((batch, index) => {
    const folded = foldChunks(worker, batch, 1000 + index * 16);
    worker = folded.answer;
    page = applyAnswerUpdate(page, folded.update);
    updates.push(folded.update);
    expect(page).toEqual(worker);
  });
  return { worker, page, updates };
}

const withoutTimes = ({ thoughtTimes: _times, ...answer }: Answer) => answer;

describe('an answer folded where it is read, applied where it is shown', () => {
  it.each([
    ['SSE', sseChunks],
    ['NDJSON', ndjsonChunks],
  ])('gives the page the answer the fold has, for the recorded %s stream cut anywhere', (_wire, chunks) => {
    const items = chunks();
    const oneByOne = items.reduce<Answer>(
      (answer, chunk) =>
        chunk ? applyChunk(answer, chunk) : { ...answer, malformedChunks: answer.malformedChunks + 1 },
      emptyAnswer,
    );
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        const { page } = replay(items, cuts);
        expect(withoutTimes(page)).toEqual(withoutTimes(oneByOne));
      }),
      { numRuns: 60 },
    );
  });

  it('sends what changed, not the answer: the text added and far less than the chunks', () => {
    const items = sseChunks();
    const { updates, page } = replay(
      items,
      items.map((_, index) => index * 5),
    );
    const sent = JSON.stringify(updates).length;
    expect(sent).toBeLessThan(JSON.stringify(items).length);
    // The text arrives once in all: its pieces, and the last chunk's whole text only where it differs.
    const texts = updates.map((update) => update.text).join('');
    expect(texts.length).toBeLessThan(page.text.length * 2);
  });

  it('joins the consecutive updates of one thought, and keeps other thoughts in order', () => {
    const search = (fields: Partial<WireThought>): StreamChunk => ({
      thought: wireThought('search', { author_name: '', ...fields }),
    });
    const { update, answer } = foldChunks(
      emptyAnswer,
      [
        search({ author_name: 'web_search', message: 'a' }),
        search({ author_name: '', message: 'b', metadata: { page: 1 } }),
        search({ message: 'c', in_progress: false, error: true }),
        { thought: wireThought('fetch', { parent_id: 'search' }) },
        search({ message: 'd' }),
      ],
      5,
    );
    expect(update.thoughts?.map((thought) => [thought.id, thought.message])).toEqual([
      ['search', 'abc'],
      ['fetch', ''],
      ['search', 'd'],
    ]);
    expect(update.thoughts?.[0]).toMatchObject({ author_name: 'web_search', in_progress: false, error: true });
    expect(applyAnswerUpdate(emptyAnswer, update)).toEqual(answer);
  });

  it('keeps the text growing when the last chunk repeats or continues it, and replaces it only when it differs', () => {
    const growing = foldChunks(emptyAnswer, [{ generatedChunk: 'Hello' }], 0);
    expect(foldChunks(growing.answer, [{ generated: 'Hello', last: true }], 0).update).toMatchObject({ text: '' });
    expect(foldChunks(growing.answer, [{ generated: 'Hello, world', last: true }], 0).update).toEqual({
      text: ', world',
      fields: { complete: true },
    });
    const replaced = foldChunks(growing.answer, [{ generated: 'Goodbye', last: true }], 0).update;
    expect(replaced).toEqual({ text: 'Goodbye', replaced: true, fields: { complete: true } });
  });

  it('carries answer thoughts as text, unreadable pieces as a count, and the arrival of each thought', () => {
    const { update } = foldChunks(
      emptyAnswer,
      [
        { thought: wireThought('answer', { author_name: 'Codemie Thoughts', message: 'Hi' }) },
        null,
        { thought: wireThought('tool', { parent_id: 'missing' }) },
      ],
      70,
    );
    expect(update).toMatchObject({
      text: 'Hi',
      fields: { answerThoughtIds: ['answer'], malformedChunks: 1 },
      arrivals: { answer: { first: 70, last: 70 }, tool: { first: 70, last: 70 } },
    });
    expect(update.thoughts?.map((thought) => thought.id)).toEqual(['tool']);
  });
});

/** Random streams of thoughts: a few ids, parents that come before or after their children, `latest`, flags. */
const thoughtChunk: fc.Arbitrary<StreamChunk | null> = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 4 }).map((generatedChunk) => ({ generatedChunk })),
  fc
    .record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      parent: fc.constantFrom(null, 'a', 'b', 'latest', 'x'),
      message: fc.string({ maxLength: 3 }),
      name: fc.constantFrom('', 'tool', 'Codemie Thoughts'),
      input: fc.constantFrom('', 'q'),
      running: fc.boolean(),
      error: fc.constantFrom(undefined, null, true, false),
      meta: fc.constantFrom({}, { k: 1 }, { j: 2 }),
      child: fc.constantFrom(null, 'c', 'e'),
    })
    .map(({ id, parent, message, name, input, running, error, meta, child }) => ({
      thought: wireThought(id, {
        parent_id: parent,
        message,
        author_name: name,
        input_text: input,
        in_progress: running,
        metadata: meta,
        ...(error === undefined ? {} : { error }),
        children: child ? [wireThought(child, { parent_id: id })] : [],
      }),
    })),
  fc.constantFrom<StreamChunk>(
    { generated: 'final', last: true },
    { last: true, executionError: 'budget', generated: 'stopped' },
    { serverError: { message: 'boom', source: 'error-object' } },
    { a2ui: { version: 'v0.9.1' } },
  ),
);

describe('the update of any stream', () => {
  it('brings the page to the fold’s answer, whatever the chunks and however they are batched', () => {
    fc.assert(
      fc.property(fc.array(thoughtChunk, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 8 }), (items, cuts) => {
        replay(items, cuts);
      }),
      { numRuns: 400 },
    );
  });
});

describe('the envelopes and errors an answer keeps', () => {
  const envelope = (index: number): StreamChunk => ({ a2ui: { version: 'v0.9', updateDataModel: { index } } });
  const error = (index: number): StreamChunk => ({
    serverError: { message: `error ${index}`, source: 'error-object' },
  });

  it('are bounded, and the answer says when the agent sent more envelopes than it keeps', () => {
    const items = [
      ...Array.from({ length: 700 }, (_, index) => envelope(index)),
      ...Array.from({ length: 80 }, (_, index) => error(index)),
    ];
    const folded = foldChunks(emptyAnswer, items, 0).answer;
    expect(folded.a2uiEnvelopes).toHaveLength(answerLimits.envelopes);
    expect(folded.a2uiEnvelopes?.at(-1)).toEqual(envelope(answerLimits.envelopes - 1).a2ui);
    expect(folded.serverErrors).toHaveLength(answerLimits.serverErrors);
    expect(folded.serverErrors?.[0]).toBe(tooManyEnvelopes);
    expect(folded.serverErrors?.filter((message) => message === tooManyEnvelopes)).toHaveLength(1);
    // Chunk by chunk, the same.
    const one = items.reduce<Answer>((answer, item) => applyChunk(answer, item), emptyAnswer);
    expect(one.a2uiEnvelopes).toEqual(folded.a2uiEnvelopes);
    expect(one.serverErrors).toEqual(folded.serverErrors);
  });

  it('are appended in place within a batch only: the answer a batch started from is never changed', () => {
    const first = foldChunks(emptyAnswer, [envelope(0), error(0)], 0).answer;
    const before = { envelopes: [...(first.a2uiEnvelopes ?? [])], errors: [...(first.serverErrors ?? [])] };
    const second = foldChunks(first, [envelope(1), envelope(2), error(1), error(2)], 0);
    expect(first.a2uiEnvelopes).toEqual(before.envelopes);
    expect(first.serverErrors).toEqual(before.errors);
    expect(second.answer.a2uiEnvelopes).toHaveLength(3);
    expect(second.answer.serverErrors).toEqual(['error 0', 'error 1', 'error 2']);
    expect(applyAnswerUpdate(first, second.update)).toEqual(second.answer);
  });
});
