import { describe, expect, it } from 'vitest';
import { applyChunk, emptyAnswer } from './answer';
import { toStreamChunk, type StreamChunk } from '@/domain/stream/stream-chunk';
import { emptyWireChunk } from '@/domain/wire';

const wire = (fields: Partial<typeof emptyWireChunk>) => toStreamChunk({ ...emptyWireChunk, ...fields }) as StreamChunk;

describe('toStreamChunk', () => {
  it('reads a deployed-wire chunk with every key present and nulls for unset ones', () => {
    expect(wire({ generated_chunk: 'Hel' })).toEqual({ generatedChunk: 'Hel' });
  });

  it('ignores unknown fields', () => {
    expect(toStreamChunk({ generated_chunk: 'x', brand_new_field: 1 })).toEqual({ generatedChunk: 'x' });
  });

  it('refuses values that are not chunk objects', () => {
    expect(toStreamChunk('text')).toBeUndefined();
    expect(toStreamChunk([1])).toBeUndefined();
  });

  it('leaves out wrongly typed fields, names them, and keeps the rest', () => {
    expect(toStreamChunk({ generated_chunk: 5, last: true, generated: 'ok' })).toEqual({
      last: true,
      generated: 'ok',
      invalidFields: ['generated_chunk'],
    });
    expect(toStreamChunk({ time_elapsed: 'soon', last: true })).toEqual({
      last: true,
      invalidFields: ['time_elapsed'],
    });
    expect(toStreamChunk({ thought: { message: 'no id' } })).toEqual({ invalidFields: ['thought'] });
  });

  it('reads a thought defensively: defaults for odd fields, bad children dropped', () => {
    const chunk = toStreamChunk({
      thought: { id: 't', author_type: 7, children: [null, { id: 'c' }, 'x'], metadata: [] },
    });
    expect(chunk?.thought).toMatchObject({
      id: 't',
      author_type: '',
      metadata: {},
      parent_id: null,
      in_progress: false,
    });
    expect(chunk?.thought?.children.map((child) => child.id)).toEqual(['c']);
  });

  it('shows a structured generated value as JSON text', () => {
    expect(toStreamChunk({ generated: { a: 1 }, last: true })).toEqual({ generated: '{\n  "a": 1\n}', last: true });
  });
});

describe('applyChunk', () => {
  it('appends deltas, then the last chunk replaces the text and sets the time', () => {
    const chunks = [
      wire({ generated_chunk: 'Hello ' }),
      wire({ generated_chunk: 'wor' }),
      wire({ generated_chunk: 'ld' }),
    ];
    const partial = chunks.reduce(applyChunk, emptyAnswer);
    expect(partial).toEqual({ ...emptyAnswer, text: 'Hello world' });
    const done = applyChunk(partial, wire({ generated: 'Hello world!', last: true, time_elapsed: 1.5 }));
    expect(done).toEqual({ ...emptyAnswer, text: 'Hello world!', complete: true, timeElapsed: 1.5 });
  });

  it('merges a second last chunk instead of starting over', () => {
    const done = applyChunk(emptyAnswer, wire({ generated: 'Answer', last: true }));
    const merged = applyChunk(
      done,
      wire({ last: true, success: false, tool_errors: [{ tool: 'jira', error: 'denied' }] }),
    );
    expect(merged.text).toBe('Answer');
    expect(merged.success).toBe(false);
    expect(merged.toolErrors).toEqual([{ tool: 'jira', error: 'denied' }]);
  });

  it('ignores late deltas after the answer is complete', () => {
    const done = applyChunk(emptyAnswer, wire({ generated: 'Final', last: true }));
    expect(applyChunk(done, wire({ generated_chunk: 'late' }))).toBe(done);
  });

  it('keeps the delta text when the last chunk has no generated', () => {
    const partial = applyChunk(emptyAnswer, wire({ generated_chunk: 'abc' }));
    expect(applyChunk(partial, wire({ last: true })).text).toBe('abc');
  });

  it('records execution errors from an agent that failed', () => {
    const failed = applyChunk(
      emptyAnswer,
      wire({ generated: 'Sorry, the agent failed.', execution_error: 'stacktrace', last: true }),
    );
    expect(failed.executionError).toBe('stacktrace');
    expect(failed.complete).toBe(true);
  });

  it('an error after part of the answer (a budget reached mid-answer) keeps what arrived, the server’s text beside it', () => {
    const partial = [wire({ generated_chunk: 'The first half ' }), wire({ generated_chunk: 'of an answer' })].reduce(
      applyChunk,
      emptyAnswer,
    );
    const refused = applyChunk(
      partial,
      wire({ generated: 'Budget exceeded for user.', execution_error: 'budget_exceeded', last: true, time_elapsed: 2 }),
    );
    expect(refused).toMatchObject({
      text: 'The first half of an answer',
      errorText: 'Budget exceeded for user.',
      executionError: 'budget_exceeded',
      complete: true,
      timeElapsed: 2,
    });
    // Nothing arrived before the error: its text is all there is to show, as before.
    const nothingYet = applyChunk(
      emptyAnswer,
      wire({ generated: 'Budget exceeded.', execution_error: 'budget_exceeded', last: true }),
    );
    expect(nothingYet.text).toBe('Budget exceeded.');
    expect(nothingYet.errorText).toBeUndefined();
  });

  it('never changes its input', () => {
    const before = Object.freeze({ ...emptyAnswer });
    applyChunk(before, wire({ generated_chunk: 'x' }));
    expect(before).toEqual(emptyAnswer);
  });

  it('collects errors sent inside the stream, before and after the last chunk', () => {
    const failed = applyChunk(applyChunk(emptyAnswer, wire({ generated_chunk: 'Hel' })), {
      serverError: { message: 'quota', source: 'detail' },
    });
    expect(failed).toMatchObject({ text: 'Hel', complete: false, serverErrors: ['quota'] });
    const late = applyChunk(applyChunk(failed, wire({ generated: 'Hello', last: true })), {
      serverError: { message: 'late', source: 'error-object' },
    });
    expect(late).toMatchObject({ text: 'Hello', complete: true, serverErrors: ['quota', 'late'] });
  });
});
