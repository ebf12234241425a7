import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxThoughtDepth, toStreamChunk, toWireThought } from './stream-chunk';
import { sseErrorEvent, toStreamError, unknownSseEvent } from './stream-error';

/** The wire text of a thought nested `levels` deep, written without recursion (as a hostile server would). */
function nestedThoughtText(levels: number): string {
  let open = '';
  for (let level = 1; level <= levels; level += 1) open += `{"id":"t${level}","message":"level ${level}","children":[`;
  return `${open}${']}'.repeat(levels)}`;
}

const depthOf = (thought: { children: readonly unknown[] } | undefined): number => {
  let depth = 0;
  for (let node = thought; node; node = node.children[0] as typeof thought) depth += 1;
  return depth;
};

describe('toWireThought depth guard', () => {
  it('reads a thought nested as deep as allowed', () => {
    const thought = toWireThought(JSON.parse(nestedThoughtText(maxThoughtDepth + 1)));
    expect(depthOf(thought)).toBe(maxThoughtDepth + 1);
  });

  it('refuses a thought nested 3,000 levels deep instead of overflowing the stack', () => {
    expect(() => toWireThought(JSON.parse(nestedThoughtText(3000)))).not.toThrow();
    expect(toWireThought(JSON.parse(nestedThoughtText(3000)))).toBeUndefined();
    expect(toWireThought(JSON.parse(nestedThoughtText(maxThoughtDepth + 2)))).toBeUndefined();
  });

  it('keeps the rest of a chunk whose thought is too deep, naming the thought as unreadable', () => {
    const chunk = toStreamChunk(JSON.parse(`{"generated_chunk":"still here","thought":${nestedThoughtText(3000)}}`));
    expect(chunk).toEqual({ generatedChunk: 'still here', invalidFields: ['thought'] });
  });
});

describe('errors sent inside a stream', () => {
  it('reads the API error object with its message', () => {
    expect(toStreamChunk({ error: { message: 'Access token expired', details: null, help: null } })).toEqual({
      serverError: { message: 'Access token expired', source: 'error-object' },
    });
  });

  it('reads FastAPI detail, as text or as a validation list', () => {
    expect(toStreamChunk({ detail: 'Not authenticated' })).toEqual({
      serverError: { message: 'Not authenticated', source: 'detail' },
    });
    const list = [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error' }];
    expect(toStreamChunk({ detail: list })?.serverError).toEqual({
      message: 'Validation failed',
      details: list,
      source: 'detail',
    });
  });

  it('reads an error string with a code, and an error of any other shape as its JSON', () => {
    expect(toStreamChunk({ error: 'authentication_required' })?.serverError).toMatchObject({
      code: 'authentication_required',
      message: 'authentication required',
    });
    expect(toStreamChunk({ error: 42 })?.serverError?.message).toBe('42');
  });

  it('keeps the chunk fields that come with an error', () => {
    expect(toStreamChunk({ generated_chunk: 'partial', error: { message: 'boom' } })).toEqual({
      generatedChunk: 'partial',
      serverError: { message: 'boom', source: 'error-object' },
    });
  });

  it('is not fooled by null error fields of an ordinary chunk', () => {
    expect(toStreamChunk({ generated_chunk: 'x', error: null, detail: null })).toEqual({ generatedChunk: 'x' });
    expect(toStreamError({ generated_chunk: 'x' })).toBeNull();
  });

  it('clips a huge error message', () => {
    const message = toStreamChunk({ error: { message: 'x'.repeat(10_000) } })?.serverError?.message ?? '';
    expect(message.length).toBeLessThan(600);
  });

  it('reads SSE error events in any form: an error body, a message, plain text, nothing', () => {
    expect(sseErrorEvent('{"error":{"message":"quota"}}')).toEqual({ message: 'quota', source: 'sse-error-event' });
    expect(sseErrorEvent('{"message":"overloaded"}')).toEqual({ message: 'overloaded', source: 'sse-error-event' });
    expect(sseErrorEvent('upstream closed')).toEqual({ message: 'upstream closed', source: 'sse-error-event' });
    expect(sseErrorEvent('').message).toBe('The server reported an error without a message.');
    expect(unknownSseEvent('usage', '{"tokens":3}')).toEqual({
      message: 'The server sent an event of unknown type "usage": {"tokens":3}',
      source: 'unknown-event',
    });
  });
});

describe('toStreamChunk', () => {
  it('refuses objects that are neither a chunk nor an error, so they are counted', () => {
    expect(toStreamChunk({})).toBeUndefined();
    expect(toStreamChunk({ foo: 1 })).toBeUndefined();
    expect(toStreamChunk({ last: null, generated: null })).toEqual({});
  });

  it('never throws, whatever JSON value it is given, however deep', () => {
    // A few deep values built once: building one per run would make 10,000 runs take minutes.
    const deep = fc.constantFrom(
      ...[1, maxThoughtDepth, maxThoughtDepth + 2, 3000, 20_000].map(
        (levels) => JSON.parse(nestedThoughtText(levels)) as unknown,
      ),
    );
    const chunkish = fc.record(
      {
        thought: fc.oneof(fc.jsonValue(), deep),
        generated_chunk: fc.jsonValue(),
        error: fc.jsonValue(),
        detail: fc.jsonValue(),
        last: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), chunkish), (value) => {
        const chunk = toStreamChunk(value);
        expect(chunk === undefined || typeof chunk === 'object').toBe(true);
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);
});
